import { loadVersions } from '../archive/resolve';
import type { VersionRecord } from '../archive/version-record';
import type { Deps } from '../deps';
import type { LoadProvider, PlannedLoad } from '../loads/consumer';
import { type RunOptions, runLoads } from '../loads/pipeline';
import { SOURCES } from '../sources/registry';
import { factsConsumer, factsFile, hasLoader, type LoadOutcome } from './load-version';
import type { TimelineVersion } from './timeline';
import { migrateLegacyTimelines } from './timeline-legacy';
import { putVersionItem, recordSeen, syncTimelines } from './timeline-write';

/**
 * The warrant facts as a provider of the load pipeline (shared/loads/pipeline.ts): moves timelines
 * of the earlier one-item-per-source layout to the per-document one (timeline-legacy.ts), repairs
 * any head that does not match its version items, registers every archived version of every
 * registered document in its source's timeline, then plans the
 * facts of each version that has a loader and is not loaded yet by the current loader of its
 * document (a version loaded by an earlier loader is reloaded: answers read it as not loaded
 * meanwhile). Safe to run any number of times, and concurrently (one loader per version).
 */
export const factsProvider: LoadProvider = {
  async plan(deps, opts) {
    const sources = SOURCES.filter((s) => !opts.sourceIds || opts.sourceIds.includes(s.sourceId));
    const sourceIds = sources.map((s) => s.sourceId);
    await migrateLegacyTimelines(deps.tables.facts, sourceIds);
    const known = await syncTimelines(deps.tables.facts, sourceIds);
    let changed = false;
    for (const source of sources) {
      const have = new Map(known.get(source.sourceId)?.versions.map((v) => [v.version_id, v]) ?? []);
      for (const doc of source.docs) {
        for (const v of await loadVersions(deps.tables.archive, doc.docId)) {
          const mine = have.get(v.version_id);
          if (!mine)
            changed = (await putVersionItem(deps.tables.facts, source.sourceId, timelineVersion(v))) || changed;
          if (v.last_seen_at && v.last_seen_at !== mine?.last_seen_at) {
            await recordSeen(deps.tables.facts, source.sourceId, v, v.last_seen_at, { rebuild: false });
            changed = true;
          }
        }
      }
    }
    // Heads rebuilt once per changed document, after all its new version items are written.
    const timelines = changed ? await syncTimelines(deps.tables.facts, sourceIds) : known;
    const planned: PlannedLoad[] = [];
    for (const [sourceId, timeline] of timelines) {
      for (const v of timeline.versions
        .filter((x) => hasLoader(x.doc_id) && !timeline.loaded.has(x.version_id))
        .sort((a, b) => a.version_id - b.version_id)) {
        planned.push({ file: factsFile(sourceId, v), consumer: factsConsumer(deps, sourceId, v, timeline) });
      }
    }
    return planned;
  },
};

/**
 * Only the warrant facts brought up to date (the pipeline with no other consumer); syncAll
 * (shared/derive/sync-all.ts) loads facts and catalog rows in one pass over each file.
 */
export async function syncFacts(deps: Deps, opts: RunOptions = {}): Promise<LoadOutcome[]> {
  const run = await runLoads(deps, [factsProvider], opts);
  return run.outcomes.filter((o) => o.kind === 'facts').map((o) => o.outcome as LoadOutcome);
}

function timelineVersion(v: VersionRecord): TimelineVersion {
  return {
    version_id: v.version_id,
    doc_id: v.doc_id,
    title: v.title,
    sha256: v.sha256,
    name: v.name,
    publisher_version: v.publisher_version,
    publisher_effective_from: v.publisher_effective_from,
    publisher_effective_to: v.publisher_effective_to,
    observed_from: v.observed_from,
  };
}
