import { readWholeListing } from '../catalog/query';
import type { DatasetView } from '../catalog/view';
import type { Deps } from '../deps';

const DAY = 86_400_000;
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const monthOf = (iso: string) => iso.slice(0, 7);
const nextMonth = (m: string) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
};
const prevMonth = (m: string) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return mo === 1 ? `${y - 1}-12` : `${y}-${String(mo - 1).padStart(2, '0')}`;
};
/** The last day of a month `yyyy-MM`. */
const monthEnd = (m: string) => addDays(`${nextMonth(m)}-01`, -1);

async function sum(
  deps: Deps,
  view: DatasetView,
  rollup: 'by_update_day' | 'by_update_month',
  field: string,
  status: string | undefined,
  lo: string | undefined,
  hi: string | undefined,
): Promise<number> {
  const groups = await readWholeListing(deps, view.dataset, rollup, {
    versions: view,
    filters: { overall_status: status, [field]: { gte: lo, lte: hi } },
  });
  return groups.reduce((total, g) => total + Number(g.value.studies), 0);
}

/**
 * Studies whose last update was posted within [since, until] (either bound open), of one status or
 * all: the months the window holds whole from `by_update_month`, the days at either end from
 * `by_update_day`. Both rollups are computed when the set loads, so the cost is bounded by the
 * window's months plus at most 62 days, per status, never by the number of studies: an 18-year
 * window of the full registry reads some 2,000 month rows and a few hundred day rows.
 */
export async function windowTotal(
  deps: Deps,
  view: DatasetView,
  status: string | undefined,
  since: string | undefined,
  until: string | undefined,
): Promise<number> {
  if (since !== undefined && until !== undefined && since > until) return 0;
  // The whole months inside the window (open ends stay open).
  const first = since === undefined ? undefined : since.endsWith('-01') ? monthOf(since) : nextMonth(monthOf(since));
  const last =
    until === undefined ? undefined : until === monthEnd(monthOf(until)) ? monthOf(until) : prevMonth(monthOf(until));
  if (first !== undefined && last !== undefined && first > last) {
    // No whole month inside: the window is at most 61 days, read by day.
    return sum(deps, view, 'by_update_day', 'last_update_posted', status, since, until);
  }
  const parts = [sum(deps, view, 'by_update_month', 'last_update_month', status, first, last)];
  if (since !== undefined && first !== undefined && since < `${first}-01`) {
    parts.push(sum(deps, view, 'by_update_day', 'last_update_posted', status, since, addDays(`${first}-01`, -1)));
  }
  if (until !== undefined && last !== undefined && until > monthEnd(last)) {
    parts.push(sum(deps, view, 'by_update_day', 'last_update_posted', status, addDays(monthEnd(last), 1), until));
  }
  return (await Promise.all(parts)).reduce((a, b) => a + b, 0);
}
