import { z } from '@hono/zod-openapi';
import type { CatalogGap } from '../catalog/in-force';
import { type DossierBlockReader, dossierBlockSchema } from './dossier-block';

/**
 * The dossier block whose area is built on another branch of issue 21 (licences). Until its
 * reader lands (shared/providers/license-block.ts), the block answers `data: null` with a `not_loaded` gap naming the sources it
 * waits for, and costs no storage read. The merge replaces this file with the real readers.
 */
function pending(sources: readonly { id: string; what: string }[]): DossierBlockReader<never> {
  const gaps: CatalogGap[] = sources.map((s) => ({
    source_id: s.id,
    doc_id: null,
    reason: 'not_loaded',
    detail: `${s.what} is not loaded yet: this block has no reader in this release.`,
  }));
  return async () => ({ sources: [], gaps: gaps.map((g) => ({ ...g })), data: null });
}

const Pending = z.object({}).openapi({ description: 'Not built yet: always null (see gaps).' });

export const licenseDossierBlock = pending([
  { id: 'state_licensing_boards', what: 'State licensing board bulk licence and discipline files' },
]);
export const LicenseBlockSchema = dossierBlockSchema(
  Pending,
  'Licence intelligence (pending: data null, a gap names the sources).',
);
