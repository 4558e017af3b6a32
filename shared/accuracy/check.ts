import { randomBytes } from 'node:crypto';
import { blobKey } from '../archive/keys';
import type { Deps } from '../deps';
import { versionIndexPk } from '../facts/keys';
import { factsFor } from '../facts/registry';
import { replayRow } from '../facts/replay';
import { type StoredFact, toStoredFact } from '../facts/store';
import { readTimelines } from '../facts/timeline';
import { ALL_WARRANT_SOURCES } from '../warrant/sources';

export const ACCURACY_PK = (sourceId: string) => `ACCURACY#${sourceId}`;

export interface AccuracyRun {
  run_id: string;
  source_id: string;
  run_at: string;
  version_ids: number[];
  checked: number;
  matched: number;
  /** matched / checked, in [0, 1]; null when nothing could be checked. */
  accuracy: number | null;
  mismatches: { version_id: number; line: number | null; reason: string }[];
}

/** Compare a stored fact with the row its locator points at in the archived bytes. */
export function matches(f: StoredFact, row: Record<string, unknown> | undefined): string | null {
  if (!row) return 'no row at the locator';
  // Kinds whose value is the parsed row itself (declared with the document's facts): every row
  // field must come back equal.
  if (factsFor(f.doc_id)?.replayKinds?.includes(f.kind)) {
    for (const [k, v] of Object.entries(row)) {
      if (JSON.stringify(f.value[k]) !== JSON.stringify(v)) return `field ${k} differs`;
    }
    return null;
  }
  if (f.kind === 'lcd' || f.kind === 'article') {
    return row.code === f.value.listed_as && row.doc_id === f.value.doc_id && row.doc_version === f.value.doc_version
      ? null
      : 'listed code or document differs';
  }
  return null;
}

/**
 * The accuracy check: for each warrant source, sample up to `sample` stored facts of each of its
 * latest loaded versions, re-read each one's row from the archived bytes (never from a cache of
 * parsed rows) and count how many come back identical. Each run is stored; GET /accuracy reports
 * the latest figure and its variance across runs.
 */
export async function runAccuracyCheck(
  deps: Deps,
  opts: { sample?: number; versionsPerSource?: number } = {},
): Promise<AccuracyRun[]> {
  const sample = opts.sample ?? 50;
  const perSource = opts.versionsPerSource ?? 3;
  const timelines = await readTimelines(deps.tables.facts, ALL_WARRANT_SOURCES);
  const runs: AccuracyRun[] = [];
  for (const [sourceId, t] of timelines) {
    const loaded = t.versions
      .filter((v) => t.loaded.has(v.version_id))
      .sort((a, b) => b.version_id - a.version_id)
      .slice(0, perSource);
    const run: AccuracyRun = {
      run_id: `acc_${randomBytes(5).toString('hex')}`,
      source_id: sourceId,
      run_at: deps.clock.now().toISOString(),
      version_ids: loaded.map((v) => v.version_id),
      checked: 0,
      matched: 0,
      accuracy: null,
      mismatches: [],
    };
    for (const v of loaded) {
      const { items } = await deps.tables.facts.query(versionIndexPk(v.version_id), {
        index: 'gsi1',
        limit: sample * 4,
      });
      const facts = spread(items.map(toStoredFact), sample);
      if (!facts.length) continue;
      const bytes = await deps.blobs.getBuffer(blobKey(v.sha256));
      for (const f of facts) {
        const row = await replayRow(bytes, { doc_id: f.doc_id, file_name: f.name, locator: f.origin.locator });
        const problem = matches(f, row);
        run.checked++;
        if (problem)
          run.mismatches.push({ version_id: v.version_id, line: f.origin.locator?.line ?? null, reason: problem });
        else run.matched++;
      }
    }
    run.accuracy = run.checked ? run.matched / run.checked : null;
    run.mismatches = run.mismatches.slice(0, 20);
    await deps.tables.facts.put({ pk: ACCURACY_PK(sourceId), sk: `${run.run_at}#${run.run_id}`, ...run });
    runs.push(run);
  }
  return runs;
}

/** Up to n items spread evenly over the list (deterministic). */
function spread<T>(xs: T[], n: number): T[] {
  if (xs.length <= n) return xs;
  const step = xs.length / n;
  return Array.from({ length: n }, (_, i) => xs[Math.floor(i * step)]!);
}
