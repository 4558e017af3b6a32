import { padVersion } from '../archive/keys';

/**
 * The wanted version ids as runs that are contiguous in the facts sort-key order
 * (`<source_id>#<version 12>#...`, keys.ts): two wanted ids share a run only when no other known
 * version of the source lies between them, so a range query over a run reads the facts of wanted
 * versions only. `others` are the source's versions that may hold facts and are not wanted.
 */
export function versionRuns(wanted: Iterable<number>, others: Iterable<number>): [number, number][] {
  const want = [...new Set(wanted)].sort((a, b) => a - b);
  const skip = [...new Set(others)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  let j = 0;
  for (const id of want) {
    while (j < skip.length && skip[j]! < id) j++;
    const last = runs.at(-1);
    // The first unwanted id at or after `id` is skip[j]; one below `id` and above the run's end splits.
    const blocked = last !== undefined && j > 0 && skip[j - 1]! > last[1];
    if (last && !blocked) last[1] = id;
    else runs.push([id, id]);
  }
  return runs;
}

/** Sort-key bounds of one source's facts over a run of version ids (inclusive). */
export function runRange(sourceId: string, [lo, hi]: [number, number]): [string, string] {
  return [`${sourceId}#${padVersion(lo)}#`, `${sourceId}#${padVersion(hi)}#~`];
}
