import { blobKey } from '../archive/keys';
import type { Deps } from '../deps';
import { type CatalogDataset, docsOf } from './dataset';
import { type CatalogVersion, markLoaded } from './timeline';
import { CatalogWriter } from './writer';

export interface CatalogLoadOutcome {
  dataset: string;
  source_id: string;
  doc_id: string;
  version_id: number;
  name: string;
  /** busy: another process held this version's load lease, or finished it meanwhile (sync.ts). */
  status: 'loaded' | 'no_loader' | 'failed' | 'busy';
  rows: number;
  /** Most items buffered at once while writing (memory check). */
  peak_buffered: number;
  ms: number;
  error?: string;
  /** The dataset's entity count over this snapshot version, when it declares one. */
  entities?: { name: string; value: number };
}

/**
 * Load one archived version into the catalog: its bytes are streamed from the archive's object
 * store by sha256 (never from anywhere else), parsed by the dataset's parser for that file, and
 * written as rows, index entries and tokens; the version is then marked loaded with its row count.
 * Rows are keyed under the dataset's current loader generation (keys.ts), so a reload after a
 * loader change never overwrites what answers read meanwhile. Idempotent: a rerun after a failure
 * rewrites the same items.
 */
export async function loadCatalogVersion(
  deps: Deps,
  dataset: CatalogDataset,
  v: CatalogVersion,
): Promise<CatalogLoadOutcome> {
  const started = Date.now();
  const base = {
    dataset: dataset.id,
    source_id: v.source_id,
    doc_id: v.doc_id,
    version_id: v.version_id,
    name: v.name,
  };
  const parser = dataset.parserFor(v);
  if (!parser) return { ...base, status: 'no_loader', rows: 0, peak_buffered: 0, ms: 0 };
  const writer = new CatalogWriter(deps.tables.catalog, dataset, v);
  const counter = docsOf(dataset, v.source_id).some((d) => d.docId === v.doc_id && d.mode === 'snapshot')
    ? dataset.entityCount
    : undefined;
  let counted = 0;
  const stream = await deps.blobs.get(blobKey(v.sha256));
  try {
    for await (const row of parser.parse(stream, { fileName: v.name })) {
      await writer.add(row);
      if (counter?.counts(row)) counted++;
    }
  } finally {
    stream.destroy();
  }
  await writer.flush();
  if (writer.overflow) {
    deps.logger.warn('catalog index entries full', {
      dataset: dataset.id,
      version_id: v.version_id,
      rows: writer.overflow,
    });
  }
  await markLoaded(deps.tables.catalog, dataset.id, v.source_id, {
    version_id: v.version_id,
    rows: writer.rows,
    loaded_at: deps.clock.now().toISOString(),
    loader_version: dataset.loaderVersion,
    generation: dataset.loaderVersion,
  });
  return {
    ...base,
    status: 'loaded',
    rows: writer.rows,
    peak_buffered: writer.peakBuffered,
    ms: Date.now() - started,
    ...(counter ? { entities: { name: counter.name, value: counted } } : {}),
  };
}
