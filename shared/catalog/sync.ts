import { loadVersions } from '../archive/resolve';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import { trackLoad } from '../loads/history';
import { type CatalogDataset, sourcesOf } from './dataset';
import { CATALOG_DATASETS } from './datasets';
import { releaseLoadLease, takeLoadLease } from './lease';
import { type CatalogLoadOutcome, loadCatalogVersion } from './load';
import {
  type CatalogVersion,
  type LoadedVersion,
  readSourceTimeline,
  readTimeline,
  recordSeen,
  registerVersion,
  type SourceTimeline,
} from './timeline';

export interface SyncCatalogOptions {
  /** Only these datasets (default: all). */
  datasets?: readonly string[];
  /** Only versions of these sources (default: all). */
  sourceIds?: readonly string[];
  log?: (line: string) => void;
}

/**
 * Bring the catalog up to date with the archive: register every archived version of every
 * dataset's documents in the dataset's timeline, then load each version that a layout reads and
 * that is not loaded yet (or was loaded by an older loaderVersion), oldest first. Run it after imports, after fetch runs and at start-up;
 * safe to run any number of times (every write is idempotent). One load attempt per source is
 * recorded (GET /sources/{id}/history). A version whose file does not parse is reported and left
 * unloaded (answers then carry a `not_loaded` gap for it); storage outages are rethrown.
 */
export async function syncCatalog(deps: Deps, opts: SyncCatalogOptions = {}): Promise<CatalogLoadOutcome[]> {
  const outcomes: CatalogLoadOutcome[] = [];
  const wanted = (sourceId: string) => !opts.sourceIds || opts.sourceIds.includes(sourceId);
  for (const dataset of CATALOG_DATASETS.filter((d) => !opts.datasets || opts.datasets.includes(d.id))) {
    if (!sourcesOf(dataset).some(wanted)) continue; // e.g. a fetch run of a source no dataset reads
    let timelines = await readTimeline(deps.tables.catalog, dataset.id);
    // Re-read only when versions were added (the usual run registers none).
    if (await registerArchived(deps, dataset, wanted, timelines)) {
      timelines = await readTimeline(deps.tables.catalog, dataset.id);
    }
    for (const [sourceId, tl] of timelines) {
      if (!wanted(sourceId)) continue;
      const pending = tl.versions
        .filter((v) => needsLoad(dataset, tl.loaded.get(v.version_id)) && dataset.parserFor(v) !== undefined)
        .sort((a, b) => a.version_id - b.version_id);
      const reloads = new Set(pending.filter((v) => tl.loaded.has(v.version_id)).map((v) => v.version_id));
      if (pending.length) outcomes.push(...(await loadSource(deps, dataset, sourceId, pending, reloads, opts.log)));
    }
  }
  return outcomes;
}

/** Whether the version's current marker is already this loader version (one consistent read of its source). */
async function loadedBy(deps: Deps, dataset: CatalogDataset, v: CatalogVersion): Promise<boolean> {
  const tl = await readSourceTimeline(deps.tables.catalog, dataset.id, v.source_id);
  return !needsLoad(dataset, tl?.loaded.get(v.version_id));
}

/**
 * A version needs (re)loading when it is not loaded, or was loaded by another loader version: the
 * reload writes a new generation and answers keep reading the old one until it is complete.
 */
function needsLoad(dataset: CatalogDataset, loaded: LoadedVersion | undefined): boolean {
  return !loaded || loaded.loader_version !== dataset.loaderVersion;
}

/** Registers the archived versions the timelines lack; returns how many it registered. */
async function registerArchived(
  deps: Deps,
  dataset: CatalogDataset,
  wanted: (s: string) => boolean,
  timelines: ReadonlyMap<string, SourceTimeline>,
): Promise<number> {
  let added = 0;
  for (const doc of dataset.docs.filter((d) => wanted(d.sourceId))) {
    const have = new Map(timelines.get(doc.sourceId)?.versions.map((v) => [v.version_id, v]) ?? []);
    for (const v of await loadVersions(deps.tables.archive, doc.docId)) {
      const mine = have.get(v.version_id);
      if (v.last_seen_at && v.last_seen_at !== mine?.last_seen_at) {
        await recordSeen(deps.tables.catalog, dataset.id, v, v.last_seen_at);
        added++; // re-read the timelines: freshness changed
      }
      if (mine) continue;
      added++;
      await registerVersion(deps.tables.catalog, dataset.id, {
        source_id: v.source_id,
        doc_id: v.doc_id,
        version_id: v.version_id,
        sha256: v.sha256,
        name: v.name,
        publisher_version: v.publisher_version,
        publisher_effective_from: v.publisher_effective_from,
        publisher_effective_to: v.publisher_effective_to,
        observed_from: v.observed_from,
      });
    }
  }
  return added;
}

async function loadSource(
  deps: Deps,
  dataset: CatalogDataset,
  sourceId: string,
  pending: CatalogVersion[],
  reloads: ReadonlySet<number>,
  log?: (line: string) => void,
): Promise<CatalogLoadOutcome[]> {
  const outcomes: CatalogLoadOutcome[] = [];
  const failures: string[] = [];
  try {
    await trackLoad(deps, sourceId, async (progress) => {
      for (const v of pending) {
        const started = Date.now();
        const base = { dataset: dataset.id, source_id: sourceId, doc_id: v.doc_id, version_id: v.version_id };
        let outcome: CatalogLoadOutcome;
        const gen = dataset.loaderVersion;
        const busy = (error: string): CatalogLoadOutcome => ({
          ...base,
          name: v.name,
          status: 'busy',
          rows: 0,
          peak_buffered: 0,
          ms: 0,
          error,
        });
        if (!(await takeLoadLease(deps.tables.catalog, dataset.id, v, gen, deps.clock.now()))) {
          outcome = busy('another process is loading this version');
        } else {
          try {
            // Re-read under the lease: a loader that finished since this sync read the timeline is not redone.
            if (await loadedBy(deps, dataset, v)) outcome = busy('loaded by another process meanwhile');
            else outcome = await loadCatalogVersion(deps, dataset, v);
          } catch (e) {
            if (e instanceof AppError && e.status === 503) throw e;
            const error = e instanceof Error ? e.message : String(e);
            outcome = {
              ...base,
              name: v.name,
              status: 'failed',
              rows: 0,
              peak_buffered: 0,
              ms: Date.now() - started,
              error,
            };
            failures.push(`v${v.version_id}: ${error}`);
          } finally {
            await releaseLoadLease(deps.tables.catalog, dataset.id, v, gen);
          }
        }
        outcomes.push(outcome);
        // A reload (new loaderVersion) replaces a version's rows: it adds none to the source's count.
        if (outcome.status === 'loaded') progress.loaded(v.version_id, reloads.has(v.version_id) ? 0 : outcome.rows);
        if (outcome.entities) progress.count(outcome.entities.name, outcome.entities.value);
        log?.(
          `catalog ${dataset.id} ${sourceId} ${v.doc_id} v${v.version_id} (${v.name}): ${outcome.status}${outcome.error ? ` (${outcome.error})` : ''}, ${outcome.rows} rows, ${outcome.ms} ms`,
        );
      }
      if (failures.length) throw new Error(`${failures.length} version(s) could not be loaded: ${failures.join('; ')}`);
    });
  } catch (e) {
    if (!failures.length) throw e;
    deps.logger.warn('catalog load incomplete', { dataset: dataset.id, source_id: sourceId, failures });
  }
  return outcomes;
}
