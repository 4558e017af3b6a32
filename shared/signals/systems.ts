import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { queryListing } from '../catalog/query';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { normalizeCity } from '../facilities/normalize';
import { NotFoundError, SourceNotLoadedError, ValidationError } from '../http/errors';
import { MAX_LIMIT, type PageParams, pageArray } from '../http/paging';
import { COMPENDIUM_SYSTEMS, type HealthSystemRow, normalizeSystemId } from '../systems/system-rows';
import { MERGE_RULE, type SignalList } from './schemas';
import {
  hasMatchInput,
  type ListedSignal,
  type MatchInput,
  SIGNAL_CATEGORIES,
  type SignalCategory,
  type SignalRow,
} from './signal-rows';
import {
  type Located,
  matcherFor,
  matchOf,
  present,
  provenance,
  type SignalQuery,
  SYSTEM_SOURCE,
  signalViews,
  systemTies,
  type Views,
} from './signals';
import { SYSTEM_TIE_RULE, type SystemSignals, type SystemSignalsList } from './system-schemas';

/**
 * Signals one request attributes to systems at most (the signals in force in its scope: the
 * state's or category's partition, else all). Attribution matches every signal of the scope to
 * the facility reference and its CCN to the linkage, so it is bounded; past it, a 400 `too_broad`
 * asking for `state` (or `category`).
 */
export const SYSTEM_SIGNAL_CAP = 20_000;

interface Tied {
  listed: Located<ListedSignal>;
  ccn: string;
  system: string;
}

interface Coverage {
  signals: number;
  counted: number;
  matched_not_in_system: number;
  matched_not_in_linkage: number;
  matched_several_systems: number;
  ambiguous: number;
  unmatched: number;
  not_attempted: number;
}

/** Every signal of a scope tied to its system (or counted as why not), on one date's versions. */
interface Attribution {
  tied: Tied[];
  systems: Map<string, SystemSignals>;
  coverage: Coverage;
}

type Scope = { state?: string; category?: SignalCategory };

const tooBroad = (scope: Scope, cap: number) =>
  ValidationError.single(
    'query',
    scope.state === undefined ? 'state' : 'category',
    `more than ${cap} signals in force in this scope are attributed per request: give ${scope.state === undefined ? 'state' : 'category'} to narrow it`,
    'too_broad',
  );

/**
 * Attributions computed per process, by the versions (and loader generations) they were built from
 * and the scope: versions are immutable, so a repeated request (the next page, another sort) is
 * answered from memory. At most MEMO_SIZE scopes per storage (oldest dropped).
 */
const MEMO_SIZE = 32;
const memo = new WeakMap<object, Map<string, Promise<Attribution>>>();

const versionKey = (view: DatasetView) => view.versions.map((v) => [v.version_id, v.generation ?? null]);

function attribution(deps: Deps, v: Views, scope: Scope, cap: number): Promise<Attribution> {
  const key = JSON.stringify([
    versionKey(v.signals),
    versionKey(v.facilities),
    versionKey(v.hospitals),
    scope.state ?? null,
    scope.category ?? null,
    cap,
  ]);
  const byDeps = memo.get(deps.tables.catalog) ?? new Map<string, Promise<Attribution>>();
  memo.set(deps.tables.catalog, byDeps);
  const hit = byDeps.get(key);
  if (hit) return hit;
  const p = attribute(deps, v, scope, cap);
  byDeps.set(key, p);
  p.catch(() => byDeps.delete(key));
  while (byDeps.size > MEMO_SIZE) byDeps.delete(byDeps.keys().next().value!);
  return p;
}

const add = (a: number | null, b: number | null) => (a === null && b === null ? null : (a ?? 0) + (b ?? 0));

/**
 * Reads: the `recent` listing of the scope whole (pages of 1,000, at most `cap` signals; the items
 * hold the match inputs, so no signal is read by id unless its item predates them), the reference
 * rows of their ZIP and city blocks, and the matched CCNs in the linkage's `ccn` index.
 */
async function attribute(deps: Deps, v: Views, scope: Scope, cap: number): Promise<Attribution> {
  const listed: Located<ListedSignal>[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryListing(deps, v.signals.dataset, 'recent', {
      versions: v.signals,
      filters: { state: scope.state, category: scope.category },
      limit: MAX_LIMIT,
      cursor,
    });
    for (const item of page.items) {
      const { locator, ...src } = item.source;
      listed.push({ row: item.value as ListedSignal, source: { ...src, locator: locator ?? { line: 0, record: 0 } } });
    }
    if (listed.length > cap) throw tooBroad(scope, cap);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  // The match inputs come with the listing items; items written before they were added are read by id.
  const older = listed.filter((s) => !hasMatchInput(s.row));
  const whole = await lookupMany(
    deps,
    v.signals.dataset,
    'signal',
    older.map((s) => s.row.signal_id),
    v.signals.versions,
  );
  const rows: MatchInput[] = listed.map((s) => {
    if (hasMatchInput(s.row)) return s.row;
    const stored = (whole.get(s.row.signal_id) ?? []).find((w) => w.version_id === s.source.version_id);
    if (!stored)
      throw new Error(`signal ${s.row.signal_id} is listed but not found by id in version ${s.source.version_id}`);
    return stored.value as unknown as SignalRow;
  });
  // One match per distinct place and name (a project's filings share them).
  const byInput = new Map<string, ReturnType<typeof matchOf>>();
  const matcher = await matcherFor(deps, v, rows);
  const matches = rows.map((r) => {
    const k = JSON.stringify([r.named_party, r.address, r.city, r.state, r.zip]);
    if (!byInput.has(k)) byInput.set(k, matchOf(r, matcher));
    return byInput.get(k);
  });
  const ties = await systemTies(
    deps,
    v.hospitals,
    matches.flatMap((m) => m?.ccn ?? []),
  );
  const coverage: Coverage = {
    signals: listed.length,
    counted: 0,
    matched_not_in_system: 0,
    matched_not_in_linkage: 0,
    matched_several_systems: 0,
    ambiguous: 0,
    unmatched: 0,
    not_attempted: 0,
  };
  const tied: Tied[] = [];
  const systems = new Map<string, SystemSignals>();
  for (const [i, s] of listed.entries()) {
    const m = matches[i];
    const tie = m?.ccn ? ties.get(m.ccn) : undefined;
    const miss: keyof Coverage | null = !m
      ? 'not_attempted'
      : m.status === 'ambiguous'
        ? 'ambiguous'
        : !m.ccn
          ? 'unmatched'
          : !tie
            ? 'matched_not_in_linkage'
            : tie.status === 'no_system'
              ? 'matched_not_in_system'
              : tie.status === 'several_systems' || !tie.row
                ? 'matched_several_systems'
                : null;
    if (miss || !m?.ccn || !tie?.row) {
      coverage[miss ?? 'unmatched']++;
      continue;
    }
    coverage.counted++;
    const link = tie.row.row;
    const id = link.health_sys_id!;
    tied.push({ listed: s, ccn: m.ccn, system: id });
    const sys = systems.get(id) ?? {
      health_sys_id: id,
      health_sys_name: link.health_sys_name,
      health_sys_city: link.health_sys_city,
      health_sys_state: link.health_sys_state,
      signals: 0,
      value_usd: null,
      signals_without_value: 0,
      categories: [],
      hospitals: [],
      profile: null,
    };
    const val = s.row.value_usd;
    sys.signals++;
    sys.value_usd = add(sys.value_usd, val);
    if (val === null) sys.signals_without_value++;
    const cat = sys.categories.find((c) => c.category === s.row.category);
    if (cat) {
      cat.signals++;
      cat.value_usd = add(cat.value_usd, val);
    } else sys.categories.push({ category: s.row.category, signals: 1, value_usd: val });
    const h = sys.hospitals.find((x) => x.ccn === m.ccn);
    if (h) {
      h.signals++;
      h.value_usd = add(h.value_usd, val);
    } else sys.hospitals.push({ ccn: m.ccn, hospital_name: link.hospital_name, signals: 1, value_usd: val });
    systems.set(id, sys);
  }
  const catOrder = (c: SignalCategory) => SIGNAL_CATEGORIES.indexOf(c);
  for (const sys of systems.values()) {
    sys.categories.sort((a, b) => catOrder(a.category) - catOrder(b.category));
    sys.hospitals.sort((a, b) => (b.value_usd ?? -1) - (a.value_usd ?? -1) || a.ccn.localeCompare(b.ccn));
  }
  return { tied, systems, coverage };
}

/** The linkage must be in force on the date: else a 503 naming the Compendium. */
function requireLinkage(v: Views): void {
  if (v.hospitals.versions.length) return;
  throw new SourceNotLoadedError(
    `No AHRQ Compendium hospital linkage (${SYSTEM_SOURCE}) is loaded and in force on ${v.date}: signals cannot be tied to health systems.`,
    { sources: [SYSTEM_SOURCE], gaps: v.hospitals.gaps },
  );
}

export type SystemSort = 'value' | 'signals';

export interface SystemSignalsQuery extends Scope, PageParams {
  sort: SystemSort;
}

const bySort: Record<SystemSort, (a: SystemSignals, b: SystemSignals) => number> = {
  value: (a, b) =>
    (b.value_usd ?? -1) - (a.value_usd ?? -1) ||
    b.signals - a.signals ||
    a.health_sys_id.localeCompare(b.health_sys_id),
  signals: (a, b) =>
    b.signals - a.signals ||
    (b.value_usd ?? -1) - (a.value_usd ?? -1) ||
    a.health_sys_id.localeCompare(b.health_sys_id),
};

const ids = (view: DatasetView) => view.versions.map((x: CatalogVersion) => x.version_id);

/**
 * Construction signals rolled up per health system (GET /signals/systems): every signal in force in
 * the scope (state, category) tied to a system by its matched CCN (SYSTEM_TIE_RULE), summed per
 * system, ordered by declared dollars (or signal count), paged in memory by offset or cursor. The
 * page's systems carry their system-file profile (index `system` of the system file in force).
 */
export async function systemSignals(
  deps: Deps,
  q: SystemSignalsQuery,
  date: string,
  cap = SYSTEM_SIGNAL_CAP,
): Promise<SystemSignalsList> {
  const v = await signalViews(deps, date);
  requireLinkage(v);
  const scope = { state: q.state, category: q.category };
  const [att, profiles] = await Promise.all([
    attribution(deps, v, scope, cap),
    viewOf(deps, requireDataset(COMPENDIUM_SYSTEMS), date),
  ]);
  const all = [...att.systems.values()].sort(bySort[q.sort]);
  const page = pageArray(all, q, {
    list: ['signals/systems', ids(v.signals), ids(v.facilities), ids(v.hospitals), scope, q.sort],
  });
  const found = await lookupMany(
    deps,
    profiles.dataset,
    'system',
    page.items.map((s) => s.health_sys_id),
    profiles.versions,
  );
  const items = page.items.map((s): SystemSignals => {
    const stored = found.get(s.health_sys_id)?.[0];
    const version = stored ? profiles.version(stored.version_id) : undefined;
    if (!stored || !version) return { ...s, profile: null };
    const row = stored.value as unknown as HealthSystemRow;
    return {
      ...s,
      health_sys_name: row.health_sys_name,
      health_sys_city: row.health_sys_city,
      health_sys_state: row.health_sys_state,
      profile: {
        hospitals: row.hospitals,
        acute_hospitals: row.acute_hospitals,
        physicians: row.physicians,
        beds: row.beds,
        reference: rowSourceOf(version, row.locator),
      },
    };
  });
  const base = provenance(v);
  return {
    items,
    total: all.length,
    limit: page.limit,
    offset: page.offset,
    next_offset: page.next_offset,
    next: page.next,
    sort: q.sort,
    tie_rule: SYSTEM_TIE_RULE,
    coverage: att.coverage,
    ...base,
    sources: [...base.sources, ...profiles.sourceVersions()],
    gaps: [...base.gaps, ...profiles.gaps],
  };
}

const DATE_ORDER = (a: ListedSignal, b: ListedSignal) =>
  a.latest_date === b.latest_date
    ? 0
    : a.latest_date === null
      ? 1
      : b.latest_date === null
        ? -1
        : a.latest_date > b.latest_date
          ? -1
          : 1;
const VALUE_ORDER = (a: ListedSignal, b: ListedSignal) =>
  a.value_usd === b.value_usd ? 0 : a.value_usd === null ? 1 : b.value_usd === null ? -1 : b.value_usd - a.value_usd;
const tieBreak = (a: RowSource, b: RowSource) => a.version_id - b.version_id || a.locator.record - b.locator.record;

/**
 * GET /signals?system=<id>: the signals tied to one system (SYSTEM_TIE_RULE), with the other filters
 * applied to them, in the requested order (ties on feed version and record), paged in memory. An id
 * that is not AHRQ's form is a 400 naming `system`; one the linkage in force does not list is a 404.
 * `total` is always exact (the system's signals are all read).
 */
export async function listSystemSignals(
  deps: Deps,
  q: SignalQuery & { system: string },
  date: string,
  cap = SYSTEM_SIGNAL_CAP,
): Promise<SignalList> {
  const id = normalizeSystemId(q.system);
  if (!id)
    throw ValidationError.single(
      'query',
      'system',
      'expected an AHRQ health-system id: HSI and eight digits (e.g. HSI00000101)',
    );
  const v = await signalViews(deps, date);
  requireLinkage(v);
  const members = await queryListing(deps, v.hospitals.dataset, 'by_system', {
    versions: v.hospitals,
    filters: { health_sys_id: id },
    limit: 1,
  });
  if (!members.items.length) {
    const releases = v.hospitals.versions.map((x) => x.publisher_version ?? x.name).join(', ');
    throw new NotFoundError(
      `No health system ${id} in the AHRQ Compendium hospital linkage in force on ${date} (${releases}).`,
    );
  }
  const att = await attribution(deps, v, { state: q.state, category: q.category }, cap);
  const city = q.city !== undefined ? normalizeCity(q.city) : undefined;
  const order = q.sort === 'value' ? VALUE_ORDER : DATE_ORDER;
  const all = att.tied
    .filter((t) => t.system === id)
    .map((t) => t.listed)
    .filter(
      (s) =>
        (city === undefined || s.row.city === city) &&
        (q.min_value === undefined || (s.row.value_usd !== null && s.row.value_usd >= q.min_value)) &&
        (q.since === undefined || (s.row.latest_date !== null && s.row.latest_date >= q.since)),
    )
    .sort((a, b) => order(a.row, b.row) || tieBreak(a.source, b.source));
  const page = pageArray(all, q, {
    list: [
      'signals?system',
      ids(v.signals),
      ids(v.facilities),
      ids(v.hospitals),
      id,
      q.state ?? null,
      q.category ?? null,
      city ?? null,
      q.min_value ?? null,
      q.since ?? null,
      q.sort,
    ],
  });
  const whole = await lookupMany(
    deps,
    v.signals.dataset,
    'signal',
    page.items.map((s) => s.row.signal_id),
    v.signals.versions,
  );
  const rows = page.items.map((s) => {
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
  const ties = await systemTies(
    deps,
    v.hospitals,
    rows.flatMap((r) => matchOf(r.row, matcher)?.ccn ?? []),
  );
  return {
    items: rows.map((r) => present(r, matcher, v.signals.version(r.source.version_id), ties)),
    total: all.length,
    limit: page.limit,
    offset: page.offset,
    next_offset: page.next_offset,
    next: page.next,
    sort: q.sort,
    merge_rule: MERGE_RULE,
    ...provenance(v),
  };
}
