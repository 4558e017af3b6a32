import { startOf } from '../catalog/in-force';
import { rowSourceOf } from '../catalog/provenance';
import type { CatalogVersion } from '../catalog/timeline';
import type { StoredRow } from '../catalog/writer';
import { type MatchInfo, METHOD_RANK } from './match';
import { nameKeys } from './names';
import { type ExclusionRecord, inForceOn } from './record';
import type { ExclusionHit, ExclusionRow } from './schemas';

/** A stored row with its version (and, for a screen, how it matched). */
export interface Candidate {
  row: StoredRow;
  version: CatalogVersion;
  match?: MatchInfo;
}

export const recordOf = (c: Candidate) => c.row.value as unknown as ExclusionRecord;

/**
 * The rows of one exclusion, once. Federal rows of the same exclusion on one list (same NPI or name,
 * birth date and exclusion date) across the full list and its supplements are one exclusion: the row
 * from the latest version stands for it and the latest reinstatement date ends it, so a person
 * reinstated by a monthly REIN supplement is not reported excluded after that date even while the
 * older full list still lists them. State rows are each their own exclusion (a state list is one
 * snapshot).
 */
function identity(c: Candidate): string {
  const r = recordOf(c);
  if (r.list === 'state') return `${c.version.version_id}:${c.row.record}`;
  // Per federal list: the same person on the LEIE and on SAM.gov are two hits, each naming its list.
  return [c.version.source_id, r.npis[0] ?? '', nameKeys(r)[0] ?? r.name, r.dob ?? '', r.start_date ?? ''].join('|');
}

const byVersionOrder = (a: Candidate, b: Candidate) => {
  const sa = startOf(a.version);
  const sb = startOf(b.version);
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.version.version_id - b.version.version_id || a.row.record - b.row.record;
};

function merge(group: Candidate[], date: string): ExclusionRow & { match?: MatchInfo } {
  const sorted = [...group].sort(byVersionOrder);
  const rep = sorted[sorted.length - 1]!;
  const r = recordOf(rep);
  const ends = sorted.map((c) => recordOf(c).end_date).filter((d): d is string => !!d);
  const end = ends.length ? ends.sort()[ends.length - 1]! : null;
  const { list, list_state, locator, ...fields } = r;
  const match = sorted
    .map((c) => c.match)
    .filter((m): m is MatchInfo => !!m)
    .sort((a, b) => METHOD_RANK[a.method] - METHOD_RANK[b.method])[0];
  return {
    list,
    list_id: rep.version.source_id,
    list_state,
    in_force: inForceOn({ start_date: r.start_date, end_date: end }, date),
    record: { ...fields, end_date: end },
    source: rowSourceOf(rep.version, locator),
    also_in: sorted.slice(0, -1).map((c) => rowSourceOf(c.version, recordOf(c).locator)),
    ...(match ? { match } : {}),
  };
}

/** Candidates to rows, merged per exclusion, in the default order (list, name, source, version, record). */
export function rowsOf(candidates: readonly Candidate[], date: string): ExclusionRow[] {
  const groups = new Map<string, Candidate[]>();
  const seen = new Set<string>();
  for (const c of candidates) {
    const id = `${c.version.version_id}:${c.row.record}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const key = identity(c);
    const group = groups.get(key);
    if (group) group.push(c);
    else groups.set(key, [c]);
  }
  return [...groups.values()].map((g) => merge(g, date)).sort(compareRows);
}

/** Like rowsOf, for matched candidates: each hit carries its strongest match. */
export function hitsOf(candidates: readonly Candidate[], date: string): ExclusionHit[] {
  return rowsOf(candidates, date) as ExclusionHit[];
}

function compareRows(a: ExclusionRow, b: ExclusionRow): number {
  const key = (r: ExclusionRow) =>
    [
      r.list === 'federal' ? '0' : '1',
      r.list_state ?? '',
      r.record.name.toUpperCase(),
      r.source.source_id,
      String(r.source.version_id).padStart(12, '0'),
      String(r.source.locator.record).padStart(9, '0'),
    ].join('\u0000');
  const ka = key(a);
  const kb = key(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
