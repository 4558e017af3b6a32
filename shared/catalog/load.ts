import { blobKey } from '../archive/keys';
import type { Deps } from '../deps';
import type { ActiveConsumer, ConsumerPlan, Json, LoadFile } from '../loads/consumer';
import type { Located } from '../publishers/common/types';
import { type CatalogDataset, docsOf } from './dataset';
import { afterVersionLoaded } from './derived';
import { ResumedIndexTable } from './resume-index';
import { type CatalogVersion, markLoaded, readLoaded } from './timeline';
import { CatalogWriter } from './writer';

export interface CatalogLoadOutcome {
  dataset: string;
  source_id: string;
  doc_id: string;
  version_id: number;
  name: string;
  /**
   * busy: another process holds this version's load, or finished it meanwhile; suspended: the
   * run's time ran out, a checkpoint is stored and the next run goes on (not served meanwhile).
   */
  status: 'loaded' | 'no_loader' | 'failed' | 'busy' | 'suspended';
  rows: number;
  /** Most items buffered at once while writing (memory check). */
  peak_buffered: number;
  ms: number;
  error?: string;
  /** The dataset's entity count over this snapshot version, when it declares one. */
  entities?: { name: string; value: number };
  /** Records of the file stored so far (status suspended: where the next run goes on). */
  records?: number;
}

interface CatalogDone {
  rows: number;
  peak_buffered: number;
  entities?: { name: string; value: number };
}

/** What a resumed catalog load restarts from (the rows before the checkpoint are stored). */
interface CatalogState {
  rows: number;
  overflow: number;
  counted: number;
}

/**
 * The hook of issue 15 point 3: called once a version's rows are all written (after the last
 * flush) and before the version is marked loaded, so no answer sees the version without its
 * rollups and series (derived.ts computes them from the rows' input items). A load resumed from
 * checkpoints calls it once, at its end, exactly as an uninterrupted load does;
 * `dataset.loaderVersion` is the generation the rows are keyed under.
 */
export async function afterRowsWritten(deps: Deps, dataset: CatalogDataset, v: CatalogVersion): Promise<void> {
  await afterVersionLoaded(deps, dataset, v);
}

/**
 * One archived version of a dataset as a consumer of the load pipeline (shared/loads/pipeline.ts):
 * fed the records of its file (streamed from the archive's object store by sha256, never from
 * anywhere else, and parsed once for every consumer), written as rows, index entries and tokens,
 * then marked loaded with its row count. Rows are keyed under the dataset's current loader
 * generation (keys.ts), so a reload after a loader change never overwrites what answers read
 * meanwhile. A load resumed from a checkpoint writes through ResumedIndexTable, so it stores
 * exactly the items of an uninterrupted load; run again, it rewrites the same items.
 */
export function catalogConsumer(
  deps: Deps,
  dataset: CatalogDataset,
  v: CatalogVersion,
  reload: boolean,
): ConsumerPlan<CatalogLoadOutcome, CatalogDone> {
  const base = {
    dataset: dataset.id,
    source_id: v.source_id,
    doc_id: v.doc_id,
    version_id: v.version_id,
    name: v.name,
  };
  return {
    kind: 'catalog',
    id: `catalog:${dataset.id}`,
    loader: dataset.loaderVersion,
    priority: dataset.loadPriority ?? 1,
    parser: dataset.parserFor(v),
    async recheck() {
      const loaded = await readLoaded(deps.tables.catalog, dataset.id, v);
      if (loaded?.loader_version !== dataset.loaderVersion) return undefined;
      return {
        ...base,
        status: 'busy',
        rows: 0,
        peak_buffered: 0,
        ms: 0,
        error: 'loaded by another process meanwhile',
      };
    },
    open: (ctx) => openCatalogLoad(deps, dataset, v, ctx),
    outcome: (end) => ({
      ...base,
      status: end.status === 'already_loaded' ? 'busy' : end.status,
      rows: end.result?.rows ?? 0,
      peak_buffered: end.result?.peak_buffered ?? 0,
      ms: end.ms,
      ...(end.error ? { error: end.error } : {}),
      ...(end.result?.entities ? { entities: end.result.entities } : {}),
      ...(end.records !== undefined ? { records: end.records } : {}),
    }),
    // A reload (new loaderVersion) replaces a version's rows: it adds none to the source's count.
    finished: (r) => ({ rows: reload ? 0 : r.rows, entities: r.entities }),
    describe: (o) =>
      `catalog ${o.dataset} ${o.source_id} ${o.doc_id} v${o.version_id} (${o.name}): ${o.status}${o.error ? ` (${o.error})` : ''}${
        o.status === 'suspended' ? ` after ${o.records} records (checkpoint stored)` : `, ${o.rows} rows`
      }, ${o.ms} ms`,
  };
}

/** Rows handed to a dataset's placer at once. */
export const PLACE_BATCH = 500;

/** Opens the writer of one version, fresh or from a checkpoint's state. */
export async function openCatalogLoad(
  deps: Deps,
  dataset: CatalogDataset,
  v: CatalogVersion,
  ctx: { resume?: Json; after: number } = { after: 0 },
): Promise<ActiveConsumer<CatalogDone>> {
  const state = ctx.resume as unknown as CatalogState | undefined;
  const resumed = state && ctx.after > 0 ? new ResumedIndexTable(deps.tables.catalog, dataset, ctx.after) : undefined;
  const writer = new CatalogWriter(resumed ?? deps.tables.catalog, dataset, v);
  if (state) {
    writer.rows = state.rows;
    writer.overflow = state.overflow;
  }
  const counter = docsOf(dataset, v.source_id).some((d) => d.docId === v.doc_id && d.mode === 'snapshot')
    ? dataset.entityCount
    : undefined;
  let counted = state?.counted ?? 0;
  const overflow = () => writer.overflow + (resumed?.dropped ?? 0);
  const write = async (row: Located) => {
    await writer.add(row);
    if (counter?.counts(row)) counted++;
  };
  // Rows a placer completes are held in batches of PLACE_BATCH (its lookups are batched reads).
  const placer = dataset.placer ? await dataset.placer(deps, v) : undefined;
  let held: Located[] = [];
  const drain = async () => {
    if (!placer || !held.length) return;
    const rows = held;
    held = [];
    for (const row of await placer.place(rows)) await write(row);
  };
  return {
    async add(row: Located) {
      if (!placer) return write(row);
      held.push(row);
      if (held.length >= PLACE_BATCH) await drain();
    },
    flush: async () => {
      await drain();
      await writer.flush();
    },
    save: async () => ({ rows: writer.rows, overflow: overflow(), counted }) satisfies CatalogState,
    async finish() {
      await drain();
      await writer.flush();
      if (overflow()) {
        deps.logger.warn('catalog index entries full', {
          dataset: dataset.id,
          version_id: v.version_id,
          rows: overflow(),
        });
      }
      await afterRowsWritten(deps, dataset, v);
      await markLoaded(deps.tables.catalog, dataset.id, v, {
        version_id: v.version_id,
        rows: writer.rows,
        loaded_at: deps.clock.now().toISOString(),
        loader_version: dataset.loaderVersion,
        generation: dataset.loaderVersion,
      });
      return {
        rows: writer.rows,
        peak_buffered: writer.peakBuffered,
        ...(counter ? { entities: { name: counter.name, value: counted } } : {}),
      };
    },
  };
}

/**
 * Load one version of one dataset now, in one go, with the dataset's own parser: no lease, no
 * checkpoint (tests, and a dataset under development). Syncs go through the pipeline instead.
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
  const load = await openCatalogLoad(deps, dataset, v);
  const stream = await deps.blobs.get(blobKey(v.sha256));
  try {
    for await (const row of parser.parse(stream, { fileName: v.name, openFile: (sha) => deps.blobs.get(blobKey(sha)) }))
      await load.add(row);
  } finally {
    stream.destroy();
  }
  const done = await load.finish();
  return { ...base, status: 'loaded', ...done, ms: Date.now() - started };
}

/** The file a catalog version is read from. */
export function catalogFile(v: CatalogVersion): LoadFile {
  return { source_id: v.source_id, doc_id: v.doc_id, version_id: v.version_id, sha256: v.sha256, name: v.name };
}
