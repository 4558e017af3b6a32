import { loadVersions } from '../archive/resolve';
import type { VersionRecord } from '../archive/version-record';
import type { Deps } from '../deps';
import { AppError } from '../http/errors';
import { trackLoad } from '../loads/history';
import { SOURCES } from '../sources/registry';
import { hasLoader, type LoadOutcome, loadVersion } from './load-version';
import { readTimelines, recordSeen, registerVersion, type TimelineVersion } from './timeline';

/**
 * Bring the facts up to date with the archive: register every archived version of every
 * registered document in its source's timeline, then load the facts of each version that has a
 * loader and is not loaded yet. Runs after imports, after fetch runs and at local start-up; safe
 * to run any number of times (and concurrently: every write is idempotent).
 */
export async function syncFacts(
  deps: Deps,
  opts: { sourceIds?: readonly string[]; log?: (line: string) => void } = {},
): Promise<LoadOutcome[]> {
  const sources = SOURCES.filter((s) => !opts.sourceIds || opts.sourceIds.includes(s.sourceId));
  const sourceIds = sources.map((s) => s.sourceId);
  const known = await readTimelines(deps.tables.facts, sourceIds);
  for (const source of sources) {
    const have = new Map(known.get(source.sourceId)?.versions.map((v) => [v.version_id, v]) ?? []);
    for (const doc of source.docs) {
      for (const v of await loadVersions(deps.tables.archive, doc.docId)) {
        const mine = have.get(v.version_id);
        if (!mine) await registerVersion(deps.tables.facts, source.sourceId, timelineVersion(v));
        if (v.last_seen_at && v.last_seen_at !== mine?.last_seen_at) {
          await recordSeen(deps.tables.facts, source.sourceId, v.version_id, v.last_seen_at);
        }
      }
    }
  }
  const outcomes: LoadOutcome[] = [];
  const timelines = await readTimelines(deps.tables.facts, sourceIds);
  for (const [sourceId, timeline] of timelines) {
    const pending = timeline.versions
      .filter((v) => hasLoader(v.doc_id) && !timeline.loaded.has(v.version_id))
      .sort((a, b) => a.version_id - b.version_id);
    if (!pending.length) continue;
    // One recorded load attempt per source (GET /sources/{id}/history), failures included. A
    // version whose file does not parse is reported and left unloaded (the warrant then says
    // source_not_loaded for it); the other versions still load.
    const failures: string[] = [];
    try {
      await trackLoad(deps, sourceId, async (progress) => {
        for (const v of pending) {
          const started = Date.now();
          let outcome: LoadOutcome;
          try {
            outcome = await loadVersion(deps, sourceId, v, timeline);
          } catch (e) {
            if (isDependencyFailure(e)) throw e;
            const error = e instanceof Error ? e.message : String(e);
            outcome = { version_id: v.version_id, doc_id: v.doc_id, status: 'failed', facts: 0, codes: 0, error };
            failures.push(`v${v.version_id}: ${error}`);
          }
          outcomes.push(outcome);
          if (outcome.status === 'loaded') progress.loaded(v.version_id, outcome.facts);
          opts.log?.(
            `${sourceId} ${v.doc_id} v${v.version_id} (${v.name}): ${outcome.status}${outcome.error ? ` (${outcome.error})` : ''}, ${outcome.facts} facts, ${outcome.codes} codes, ${Date.now() - started} ms`,
          );
        }
        if (failures.length)
          throw new Error(`${failures.length} version(s) could not be loaded: ${failures.join('; ')}`);
      });
    } catch (e) {
      if (!failures.length) throw e;
      deps.logger.warn('facts load incomplete', { source_id: sourceId, failures });
    }
  }
  return outcomes;
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

/** Storage outages must surface (the caller retries); only a file that does not parse is a per-version failure. */
function isDependencyFailure(e: unknown): boolean {
  return e instanceof AppError && e.status === 503;
}
