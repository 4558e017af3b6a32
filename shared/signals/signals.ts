import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { queryListing } from '../catalog/query';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { type FacilityRow, HOSPITAL_FACILITIES } from '../facilities/facility-rows';
import { createFacilityMatcher, type FacilityMatcher } from '../facilities/matcher';
import { normalizeCity } from '../facilities/normalize';
import { SourceNotLoadedError } from '../http/errors';
import { MERGE_RULE, SIGNALS_METHODOLOGY, type Signal, type SignalList, type SignalSummary } from './schemas';
import { CONSTRUCTION_SIGNALS, type ListedSignal, type SignalCategory, type SignalRow } from './signal-rows';

interface Located<R> {
  row: R;
  source: RowSource;
}

interface Views {
  signals: DatasetView;
  facilities: DatasetView;
  date: string;
}

/** The health-system linkage source /signals?system and /signals/systems need (not loaded yet). */
export const SYSTEM_SOURCE = 'ahrq_compendium';

async function signalViews(deps: Deps, date: string): Promise<Views> {
  const [signals, facilities] = await viewsOf(deps, [
    { dataset: requireDataset(CONSTRUCTION_SIGNALS), date },
    { dataset: requireDataset(HOSPITAL_FACILITIES), date },
  ]);
  if (!signals!.versions.length) {
    const ids = [...new Set(signals!.dataset.docs.map((d) => d.sourceId))];
    throw new SourceNotLoadedError(
      `No construction-signal source (${ids.join(', ')}) is loaded and in force on ${date}.`,
      {
        sources: ids,
        gaps: signals!.gaps,
      },
    );
  }
  return { signals: signals!, facilities: facilities!, date };
}

/** Every row of a listing in force, page after page (signals of health facilities are few). */
async function readAll<R>(
  deps: Deps,
  view: DatasetView,
  listing: string,
  filters: Record<string, { eq: string }> = {},
): Promise<Located<R>[]> {
  const out: Located<R>[] = [];
  if (!view.versions.length) return out;
  let cursor: string | undefined;
  do {
    const page = await queryListing(deps, view.dataset, listing, {
      versions: view,
      filters,
      limit: 1000,
      cursor,
      maxScanned: 5000,
    });
    for (const item of page.items) {
      const { locator, ...src } = item.source;
      out.push({ row: item.value as R, source: { ...src, locator: locator ?? { line: 0, record: 0 } } });
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return out;
}

function provenance(v: Views) {
  return {
    sources: [...v.signals.sourceVersions(), ...v.facilities.sourceVersions()],
    gaps: [...v.signals.gaps, ...v.facilities.gaps],
    as_of: v.date,
    methodology_note: SIGNALS_METHODOLOGY,
  };
}

export type SignalSort = 'recent' | 'value';

export interface SignalQuery {
  state?: string;
  city?: string;
  category?: SignalCategory;
  system?: string;
  min_value?: number;
  since?: string;
  sort: SignalSort;
  limit: number;
  offset: number;
}

/** Newest first (nulls last) or largest value first (nulls last); ties end on signal_id (unique). */
function compareBy(sort: SignalSort) {
  const key = (r: ListedSignal) => (sort === 'recent' ? r.latest_date : r.value_usd);
  return (a: Located<ListedSignal>, b: Located<ListedSignal>): number => {
    const x = key(a.row);
    const y = key(b.row);
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    if (x !== null && y !== null && x !== y) return x < y ? 1 : -1;
    return a.row.signal_id < b.row.signal_id ? -1 : a.row.signal_id > b.row.signal_id ? 1 : 0;
  };
}

/** One matcher per state, over the facility reference in force (read once per request and state). */
async function matchersFor(deps: Deps, v: Views, states: readonly string[]) {
  const out = new Map<string, { matcher: FacilityMatcher; rows: Map<string, Located<FacilityRow>> }>();
  if (!v.facilities.versions.length) return out;
  await Promise.all(
    states.map(async (state) => {
      const rows = await readAll<FacilityRow>(deps, v.facilities, 'facilities', { state: { eq: state } });
      const matcher = createFacilityMatcher(
        rows.map(({ row }) => ({
          ccn: row.ccn,
          name: row.facility_name,
          address: row.address,
          city: row.city,
          state: row.state,
          zip: row.zip,
        })),
      );
      out.set(state, { matcher, rows: new Map(rows.map((r) => [r.row.ccn, r])) });
    }),
  );
  return out;
}

function present(
  s: Located<SignalRow>,
  matchers: Awaited<ReturnType<typeof matchersFor>>,
  version: CatalogVersion | undefined,
): Signal {
  const { locator: _l, ...row } = s.row;
  const m = matchers.get(s.row.state);
  const match = m?.matcher.match({
    name: s.row.named_party,
    address: s.row.address,
    city: s.row.city,
    state: s.row.state,
    zip: s.row.zip,
  });
  const ref = match?.ccn ? m!.rows.get(match.ccn) : undefined;
  return {
    ...row,
    facility: match
      ? { ...match, reference: ref?.source ?? null }
      : {
          status: 'not_attempted',
          ccn: null,
          name: null,
          confidence: null,
          method: null,
          candidates: [],
          reference: null,
        },
    system: null,
    source: version ? rowSourceOf(version, s.row.locator) : s.source,
  };
}

/**
 * Construction signals in force on the date, filtered, ordered and paged; the page's signals are
 * matched to hospitals of the facility reference in force (a gap when it has none). `system` needs
 * the health-system linkage (ahrq_compendium), which is not loaded: a 503 naming it.
 */
export async function listSignals(deps: Deps, q: SignalQuery, date: string): Promise<SignalList> {
  if (q.system !== undefined)
    throw new SourceNotLoadedError(
      `Filtering by system needs the facility-to-system linkage (${SYSTEM_SOURCE}), which is not loaded.`,
      { sources: [SYSTEM_SOURCE] },
    );
  const v = await signalViews(deps, date);
  const filters: Record<string, { eq: string }> = {
    ...(q.state ? { state: { eq: q.state } } : {}),
    ...(q.category ? { category: { eq: q.category } } : {}),
  };
  const city = q.city ? normalizeCity(q.city) : null;
  const all = (await readAll<ListedSignal>(deps, v.signals, 'signals', filters))
    .filter(
      ({ row }) =>
        (city === null || normalizeCity(row.city) === city) &&
        (q.min_value === undefined || (row.value_usd !== null && row.value_usd >= q.min_value)) &&
        (q.since === undefined || (row.latest_date !== null && row.latest_date >= q.since)),
    )
    .sort(compareBy(q.sort));
  const page = all.slice(q.offset, q.offset + q.limit);
  const [whole, matchers] = await Promise.all([
    lookupMany(
      deps,
      v.signals.dataset,
      'signal',
      page.map((s) => s.row.signal_id),
      v.signals.versions,
    ),
    matchersFor(deps, v, [...new Set(page.map((s) => s.row.state))]),
  ]);
  const items = page.map((s) => {
    const stored = (whole.get(s.row.signal_id) ?? []).find((w) => w.version_id === s.source.version_id);
    if (!stored)
      throw new Error(`signal ${s.row.signal_id} is listed but not found by id in version ${s.source.version_id}`);
    const row = { row: stored.value as unknown as SignalRow, source: s.source };
    return present(row, matchers, v.signals.version(s.source.version_id));
  });
  return {
    items,
    total: all.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    sort: q.sort,
    merge_rule: MERGE_RULE,
    ...provenance(v),
  };
}

/**
 * Signals and dollars per state and category, from the rollup computed when each version loaded.
 * A group two sources both report is summed (its median is then null: medians do not add).
 */
export async function signalSummary(
  deps: Deps,
  q: { state?: string; category?: SignalCategory },
  date: string,
): Promise<SignalSummary> {
  const v = await signalViews(deps, date);
  const filters: Record<string, { eq: string }> = {
    ...(q.state ? { state: { eq: q.state } } : {}),
    ...(q.category ? { category: { eq: q.category } } : {}),
  };
  const rows = await readAll<SignalSummary['groups'][number]>(deps, v.signals, 'by_state_category', filters);
  const groups = new Map<string, SignalSummary['groups'][number]>();
  for (const { row } of rows) {
    const key = `${row.state}|${row.category}`;
    const prior = groups.get(key);
    if (!prior) groups.set(key, { ...row });
    else
      groups.set(key, {
        ...prior,
        signals: prior.signals + row.signals,
        value_usd:
          prior.value_usd === null && row.value_usd === null ? null : (prior.value_usd ?? 0) + (row.value_usd ?? 0),
        median_value_usd: null,
      });
  }
  const list = [...groups.values()].sort(
    (a, b) => a.state.localeCompare(b.state) || a.category.localeCompare(b.category),
  );
  const states = new Map<string, SignalSummary['states'][number]>();
  for (const g of list) {
    const t = states.get(g.state) ?? { state: g.state, signals: 0, value_usd: 0 };
    t.signals += g.signals;
    t.value_usd += g.value_usd ?? 0;
    states.set(g.state, t);
  }
  return {
    groups: list,
    states: [...states.values()],
    sources: v.signals.sourceVersions(),
    gaps: v.signals.gaps,
    as_of: v.date,
    methodology_note: SIGNALS_METHODOLOGY,
  };
}
