import { loadVersions } from '../archive/resolve';
import type { Deps } from '../deps';
import type { LoadProvider, PlannedLoad } from '../loads/consumer';
import { type RunOptions, runLoads } from '../loads/pipeline';
import { type CatalogDataset, sourcesOf } from './dataset';
import { CATALOG_DATASETS } from './datasets';
import { type CatalogLoadOutcome, catalogConsumer, catalogFile } from './load';
import {
  type LoadedVersion,
  migrateLegacyCatalogTimelines,
  putVersionItem,
  recordSeen,
  type SourceTimeline,
  syncCatalogTimelines,
} from './timeline';

export interface SyncCatalogOptions extends RunOptions {
  /** Only these datasets (default: all). */
  datasets?: readonly string[];
}

/**
 * The catalog datasets as a provider of the load pipeline (shared/loads/pipeline.ts): moves
 * timelines of the earlier one-item-per-(dataset, source) layout to the per-version one
 * (timeline.ts `migrateLegacyCatalogTimelines`), repairs any head that does not match its version
 * items, registers every archived version of every dataset's documents in the dataset's timeline, then plans each
 * version that a layout reads and that is not loaded yet (or was loaded by an older
 * loaderVersion: the reload writes a new generation, answers keep the old one until it is
 * complete). A version whose file does not parse is reported and left unloaded (answers then
 * carry a `not_loaded` gap for it).
 */
export function catalogProvider(filter: { datasets?: readonly string[] } = {}): LoadProvider {
  return {
    async plan(deps, opts) {
      const wanted = (sourceId: string) => !opts.sourceIds || opts.sourceIds.includes(sourceId);
      const planned: PlannedLoad[] = [];
      for (const dataset of CATALOG_DATASETS.filter((d) => !filter.datasets || filter.datasets.includes(d.id))) {
        if (!sourcesOf(dataset).some(wanted)) continue; // e.g. a fetch run of a source no dataset reads
        await migrateLegacyCatalogTimelines(deps.tables.catalog, dataset.id, sourcesOf(dataset));
        let timelines = await syncCatalogTimelines(deps.tables.catalog, dataset.id);
        // Re-read (and rebuild the heads once per changed document) only when versions were added
        // or seen again (the usual run registers none).
        if (await registerArchived(deps, dataset, wanted, timelines)) {
          timelines = await syncCatalogTimelines(deps.tables.catalog, dataset.id);
        }
        for (const [sourceId, tl] of timelines) {
          if (!wanted(sourceId)) continue;
          for (const v of tl.versions
            .filter((x) => needsLoad(dataset, tl.loaded.get(x.version_id)) && dataset.parserFor(x) !== undefined)
            .sort((a, b) => a.version_id - b.version_id)) {
            const reload = tl.loaded.has(v.version_id);
            planned.push({ file: catalogFile(v), consumer: catalogConsumer(deps, dataset, v, reload) });
          }
        }
      }
      return planned;
    },
  };
}

/**
 * Only the catalog brought up to date (the pipeline with no other consumer); syncAll
 * (shared/derive/sync-all.ts) loads facts and catalog rows in one pass over each file.
 */
export async function syncCatalog(deps: Deps, opts: SyncCatalogOptions = {}): Promise<CatalogLoadOutcome[]> {
  const run = await runLoads(deps, [catalogProvider(opts)], opts);
  return run.outcomes.filter((o) => o.kind === 'catalog').map((o) => o.outcome as CatalogLoadOutcome);
}

/**
 * A version needs (re)loading when it is not loaded, or was loaded by another loader version: the
 * reload writes a new generation and answers keep reading the old one until it is complete.
 */
function needsLoad(dataset: CatalogDataset, loaded: LoadedVersion | undefined): boolean {
  return !loaded || loaded.loader_version !== dataset.loaderVersion;
}

/**
 * Writes the version items of the archived versions the timelines lack, and the sightings they
 * miss, leaving the heads to the caller; returns how many items it wrote.
 */
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
      if (mine) {
        if (v.last_seen_at && v.last_seen_at !== mine.last_seen_at) {
          await recordSeen(deps.tables.catalog, dataset.id, v, v.last_seen_at, { rebuild: false });
          added++; // re-read the timelines: freshness changed
        }
        continue;
      }
      added++;
      await putVersionItem(deps.tables.catalog, dataset.id, {
        source_id: v.source_id,
        doc_id: v.doc_id,
        version_id: v.version_id,
        sha256: v.sha256,
        name: v.name,
        publisher_version: v.publisher_version,
        publisher_effective_from: v.publisher_effective_from,
        publisher_effective_to: v.publisher_effective_to,
        last_seen_at: v.last_seen_at ?? null,
        observed_from: v.observed_from,
      });
    }
  }
  return added;
}
