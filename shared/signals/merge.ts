import { normalizeAddress } from '../facilities/normalize';
import type { MergedFiling, SignalRow } from './signal-rows';

/**
 * Duplicate filings of one project merged into one signal, the merge shown. Two filings of one
 * source are the same project when
 * - `same_permit_number`: they carry the same filing id (a permit listed again after a revision,
 *   reinstatement or re-issue); or
 * - `repeated_filing`: same normalized street address, same category, same value (above zero) and
 *   the same work description (case and spacing ignored): a project filed twice.
 * Merging is transitive. The signal is the filing with the newest date (issued, approved or filed;
 * the later record of the file on a tie); the others are listed in `merged_from`, in file order,
 * each with the rule that merged it and its published row. The signal's value is its own, never a
 * sum: duplicates describe one project.
 */
export function mergeFilings(filings: readonly SignalRow[]): SignalRow[] {
  const parent = filings.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const why = new Map<number, MergedFiling['rule']>();
  const union = (a: number, b: number, rule: MergedFiling['rule']) => {
    const x = find(a);
    const y = find(b);
    if (x === y) return;
    parent[y] = x;
    if (!why.has(b)) why.set(b, rule);
  };
  const byId = new Map<string, number>();
  const byProject = new Map<string, number>();
  filings.forEach((f, i) => {
    const idKey = `${f.source_id}|${f.filing_id}`;
    const seen = byId.get(idKey);
    if (seen === undefined) byId.set(idKey, i);
    else union(seen, i, 'same_permit_number');
    const address = normalizeAddress(f.address);
    if (address && f.value_usd && f.value_usd > 0 && f.description) {
      const desc = f.description.toUpperCase().replace(/\s+/g, ' ').trim();
      const key = [f.source_id, f.state, address, f.category, f.value_usd, desc].join('|');
      const prior = byProject.get(key);
      if (prior === undefined) byProject.set(key, i);
      else union(prior, i, 'repeated_filing');
    }
  });
  const groups = new Map<number, number[]>();
  filings.forEach((_, i) => {
    const r = find(i);
    groups.set(r, [...(groups.get(r) ?? []), i]);
  });
  const out: SignalRow[] = [];
  for (const members of groups.values()) {
    const primary = members.reduce((best, i) => {
      const a = filings[best]!.latest_date ?? '';
      const b = filings[i]!.latest_date ?? '';
      return b > a || (b === a && filings[i]!.locator.record > filings[best]!.locator.record) ? i : best;
    });
    const p = filings[primary]!;
    const merged = members
      .filter((i) => i !== primary)
      .map((i): MergedFiling => {
        const f = filings[i]!;
        const rule = f.filing_id === p.filing_id ? 'same_permit_number' : (why.get(i) ?? 'repeated_filing');
        return {
          filing_id: f.filing_id,
          rule,
          filed_date: f.filed_date,
          issued_date: f.issued_date,
          value_usd: f.value_usd,
          locator: f.locator,
          source_row: f.source_row,
        };
      });
    out.push({ ...p, merged_from: merged });
  }
  return out.sort((a, b) => a.locator.record - b.locator.record);
}
