import * as fs from 'node:fs';
import * as path from 'node:path';
import { UnarchivableFileError } from './errors';
import type { Archive } from './ingest';
import type { IngestResult, Origin } from './ingest-types';

export interface ImportOptions {
  sourceId: string;
  file: string;
  /** Place the file under this document of the source by hand (see IngestInput.docId). */
  docId?: string;
  publisherVersion?: string | null;
  effectiveFrom?: string | null;
  effectiveTo?: string | null;
  origin?: Origin;
  observedAt?: Date;
  onProgress?: (bytes: number, total: number) => void;
}

/**
 * Archive one local file (a zip too) through the ordinary ingest path: the backfill/wayback
 * import of `npm run archive -- import` and the sample seeding of `npm start` both come here, so a
 * local file is archived exactly as a fetched one would be. The file is streamed, never read whole.
 */
export async function importFile(archive: Archive, o: ImportOptions): Promise<IngestResult> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(o.file);
  } catch {
    throw new UnarchivableFileError('bad_metadata', `No such file: ${o.file}`);
  }
  if (!stat.isFile()) throw new UnarchivableFileError('bad_metadata', `Not a regular file: ${o.file}`);
  return archive.ingest({
    sourceId: o.sourceId,
    name: path.basename(o.file),
    body: () => fs.createReadStream(o.file),
    docId: o.docId,
    publisherVersion: o.publisherVersion,
    effectiveFrom: o.effectiveFrom,
    effectiveTo: o.effectiveTo,
    origin: o.origin ?? 'backfill',
    observedAt: o.observedAt,
    onProgress: o.onProgress ? (b) => o.onProgress?.(b, stat.size) : undefined,
  });
}
