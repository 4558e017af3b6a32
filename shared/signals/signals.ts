import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { queryListing, readWholeListing } from '../catalog/query';
import type { FilterInput } from '../catalog/query-plan';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { type FacilityRow, HOSPITAL_FACILITIES, placeKeys } from '../facilities/facility-rows';
import { createFacilityMatcher } from '../facilities/matcher';
import { normalizeCity } from '../facilities/normalize';
import { SourceNotLoadedError, ValidationError } from '../http/errors';
import { MAX_LIMIT, nextOffset, offsetOf, wantsTotal } from '../http/paging';
import { MERGE_RULE, type Signal, type SignalList, type SignalSummary, signalsMethodology } from './schemas';
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

/** Every row of a listing in force, page after page (rollup groups: a few per state). */
async function readAll<R>(
  deps: Deps,
  view: DatasetView,
  listing: string,
  filters: Record<string, { eq: string }> = {},
): Promise<Located<R>[]> {
  if (!view.versions.length) return [];
  const items = await readWholeListing(deps, view.dataset, listing, { versions: view, filters, maxScanned: 5000 });
  return items.map((item) => {
    const { locator, ...src } = item.source;
    return { row: item.value as R, source: { ...src, locator: locator ?? { line: 0, record: 0 } } };
  });
}

/** The common methodology and the note of each feed with a version in force (its own rule). */
function methodologyOf(v: Views): string {
  const notes = v.signals.dataset.feedNotes ?? {};
  const ids = [...new Set(v.signals.sourceVersions().map((s) => s.source_id))];
  return signalsMethodology(ids.flatMap((id) => (notes[id] ? [notes[id]] : [])));
}

function provenance(v: Views) {
  return {
    sources: [...v.signals.sourceVersions(), ...v.facilities.sourceVersions()],
    gaps: [...v.signals.gaps, ...v.facilities.gaps],
    as_of: v.date,
    methodology_note: methodologyOf(v),
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
  offset?: number;
  cursor?: string;
  include_total?: 'true' | 'false' | boolean;
}

/** The listing of each order (./dataset.ts): nulls last; ties on version and record. */
const LISTING: Record<SignalSort, string> = { recent: 'recent', value: 'by_value' };

/**
 * Listing items one request may read beyond the ones it shows (offset and page): what the filters
 * that are not a partition or a range of the order's own field (city, the other order's range,
 * category beside state) may skip. Beyond it the answer is a 400 (`too_broad`).
 */
export const SIGNAL_SCAN_BUDGET = 5000;
/** Listing items read at most to count `total` with include_total=true for filters the rollup does not hold. */
export const SIGNAL_COUNT_CAP = 20_000;

/** The reference rows a page's matcher can score: read by ZIP and city blocks (`place` index), not a state. */
async function matcherFor(deps: Deps, v: Views, signals: readonly SignalRow[]) {
  const rows = new Map<string, Located<FacilityRow>>();
  if (v.facilities.versions.length && signals.length) {
    const found = await lookupMany(
      deps,
      v.facilities.dataset,
      'place',
      signals.flatMap((s) => placeKeys(s)),
      v.facilities.versions,
    );
    for (const stored of [...found.values()].flat()) {
      const version = v.facilities.version(stored.version_id);
      if (!version) continue;
      const row = stored.value as unknown as FacilityRow;
      rows.set(`${stored.version_id}:${stored.record}`, { row, source: rowSourceOf(version, row.locator) });
    }
  }
  const list = [...rows.values()];
  const matcher = createFacilityMatcher(
    list.map(({ row }) => ({
      ccn: row.ccn,
      name: row.facility_name,
      address: row.address,
      city: row.city,
      state: row.state,
      zip: row.zip,
    })),
  );
  return { matcher, rows: new Map(list.map((r) => [r.row.ccn, r])), attempted: v.facilities.versions.length > 0 };
}

function present(
  s: Located<SignalRow>,
  m: Awaited<ReturnType<typeof matcherFor>>,
  version: CatalogVersion | undefined,
): Signal {
  const { locator: _l, ...row } = s.row;
  const match = m.attempted
    ? m.matcher.match({
        name: s.row.named_party,
        address: s.row.address,
        city: s.row.city,
        state: s.row.state,
        zip: s.row.zip,
      })
    : undefined;
  const ref = match?.ccn ? m.rows.get(match.ccn) : undefined;
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

type Filters = Record<string, FilterInput | undefined>;

/** The listing filters of a query: partitions (state, category), city (stored normalized) and ranges. */
function listingFilters(q: SignalQuery): Filters {
  return {
    state: q.state,
    category: q.category,
    city: q.city ? (normalizeCity(q.city) ?? undefined) : undefined,
    value_usd: q.min_value !== undefined ? { gte: q.min_value } : undefined,
    latest_date: q.since !== undefined ? { gte: q.since } : undefined,
  };
}

const tooBroad = (q: SignalQuery, budget: number) => {
  // The filter read as an expression (not a partition nor the order's key range) that skips rows.
  const param =
    q.city !== undefined
      ? 'city'
      : q.sort === 'recent' && q.min_value !== undefined
        ? 'min_value'
        : q.sort === 'value' && q.since !== undefined
          ? 'since'
          : 'category';
  return ValidationError.single(
    'query',
    param,
    `skips more than ${budget} signals in this order to fill the page; add state or category, or sort by the filtered field (sort=value with min_value, sort=recent with since)`,
    'too_broad',
  );
};

/**
 * The exact count: from the load-time rollup (state and category) when only those filter, else
 * (include_total=true) by reading the listing's items, at most SIGNAL_COUNT_CAP.
 */
async function countSignals(
  deps: Deps,
  v: Views,
  q: SignalQuery,
  listing: string,
  cap: number,
): Promise<number | null> {
  if (q.city === undefined && q.min_value === undefined && q.since === undefined) {
    const groups = await readAll<{ signals: number }>(deps, v.signals, 'by_state_category', {
      ...(q.state ? { state: { eq: q.state } } : {}),
      ...(q.category ? { category: { eq: q.category } } : {}),
    });
    return groups.reduce((n, g) => n + g.row.signals, 0);
  }
  if (!wantsTotal(q)) return null;
  let n = 0;
  let scanned = 0;
  let cursor: string | undefined;
  do {
    const page = await queryListing(deps, v.signals.dataset, listing, {
      versions: v.signals,
      filters: listingFilters(q),
      limit: MAX_LIMIT,
      cursor,
      maxScanned: Math.max(1, cap - scanned),
    });
    n += page.items.length;
    scanned += page.scanned;
    cursor = page.next_cursor ?? undefined;
    if (cursor && scanned >= cap)
      throw ValidationError.single(
        'query',
        'include_total',
        `counting these filters reads more than ${cap} signals: leave include_total out (total null) or add state or category`,
        'too_broad',
      );
  } while (cursor);
  return n;
}

/**
 * Construction signals in force on the date, filtered, ordered and paged; the page's signals are
 * matched to hospitals of the facility reference in force (a gap when it has none). `system` needs
 * the health-system linkage (ahrq_compendium), which is not loaded: a 503 naming it.
 *
 * Reads: the listing of the order (`recent` or `by_value`), in the state's or category's
 * partition when given, from the cursor or the start: offset + limit items plus what the other
 * filters skip (at most SIGNAL_SCAN_BUDGET, else 400 too_broad); then the page's signals by id
 * and the reference rows of their ZIP and city blocks. `total` comes from the load-time rollup
 * (state, category) or, for city, min_value and since, only with include_total=true.
 */
export async function listSignals(
  deps: Deps,
  q: SignalQuery,
  date: string,
  limits: { scan: number; count: number } = { scan: SIGNAL_SCAN_BUDGET, count: SIGNAL_COUNT_CAP },
): Promise<SignalList> {
  if (q.system !== undefined)
    throw new SourceNotLoadedError(
      `Filtering by system needs the facility-to-system linkage (${SYSTEM_SOURCE}), which is not loaded.`,
      { sources: [SYSTEM_SOURCE] },
    );
  const offset = offsetOf(q);
  const v = await signalViews(deps, date);
  const listing = LISTING[q.sort];
  const filters = listingFilters(q);
  const want = offset + q.limit;
  const budget = want + limits.scan;
  const read = async () => {
    const listed: Located<ListedSignal>[] = [];
    let cursor = q.cursor;
    let scanned = 0;
    let more = false;
    for (;;) {
      const page = await queryListing(deps, v.signals.dataset, listing, {
        versions: v.signals,
        filters,
        limit: Math.min(MAX_LIMIT, want - listed.length),
        cursor,
        maxScanned: Math.max(1, budget - scanned),
      });
      scanned += page.scanned;
      for (const item of page.items) {
        const { locator, ...src } = item.source;
        listed.push({
          row: item.value as ListedSignal,
          source: { ...src, locator: locator ?? { line: 0, record: 0 } },
        });
      }
      cursor = page.next_cursor ?? undefined;
      if (!cursor) break;
      if (listed.length >= want) {
        more = true;
        break;
      }
      if (scanned >= budget) throw tooBroad(q, limits.scan);
    }
    return { page: listed.slice(offset), next: more ? cursor! : null };
  };
  const [{ page, next }, total] = await Promise.all([read(), countSignals(deps, v, q, listing, limits.count)]);
  const whole = await lookupMany(
    deps,
    v.signals.dataset,
    'signal',
    page.map((s) => s.row.signal_id),
    v.signals.versions,
  );
  const rows = page.map((s) => {
    const stored = (whole.get(s.row.signal_id) ?? []).find((w) => w.version_id === s.source.version_id);
    if (!stored)
      throw new Error(`signal ${s.row.signal_id} is listed but not found by id in version ${s.source.version_id}`);
    return { row: stored.value as unknown as SignalRow, source: s.source };
  });
  const matcher = await matcherFor(
    deps,
    v,
    rows.map((r) => r.row),
  );
  const items = rows.map((r) => present(r, matcher, v.signals.version(r.source.version_id)));
  return {
    items,
    total,
    limit: q.limit,
    offset: q.cursor === undefined ? offset : null,
    next_offset: nextOffset(q, offset, items.length, next !== null),
    next,
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
    methodology_note: methodologyOf(v),
  };
}
