import { z } from '@hono/zod-openapi';
import type { CatalogGap } from '../catalog/in-force';
import { type DossierBlockReader, dossierBlockSchema } from './dossier-block';

/**
 * The dossier blocks whose areas are built on other branches of issue 21 (licences, quality,
 * trials). Until their readers land (shared/providers/license-block.ts, quality-block.ts,
 * trials-block.ts), each block answers `data: null` with a `not_loaded` gap naming the sources it
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

export const qualityDossierBlock = pending([
  { id: 'cms_qpp_mips', what: 'MIPS performance (Quality Payment Program)' },
]);
export const QualityBlockSchema = dossierBlockSchema(
  Pending,
  'Quality intelligence (pending: data null, a gap names the source).',
);

export const trialsDossierBlock = pending([
  { id: 'cms_open_payments', what: 'Open Payments research payments (principal-investigator NPIs with NCT ids)' },
  { id: 'nlm_ctgov', what: 'ClinicalTrials.gov studies linked to the NPI' },
]);
export const TrialsBlockSchema = dossierBlockSchema(
  Pending,
  'Clinical trials (pending: data null, a gap names the sources).',
);
