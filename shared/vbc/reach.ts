import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { type ListingRow, readWholeListing } from '../catalog/query';
import type { FilterInput } from '../catalog/query-plan';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import {
  entityYear,
  entityYearType,
  REACH_PROVIDERS,
  REACH_RESULTS,
  type ReachProviderRow,
  type ReachResultRow,
} from './reach-rows';
import {
  REACH_METHODOLOGY,
  type ReachEntity,
  type ReachEntityDetail,
  type ReachList,
  type ReachProvider,
} from './reach-schemas';

/** One dataset's versions in force, one per performance year (a republished year: its latest file). */
interface Years {
  view: DatasetView;
  byYear: Map<number, CatalogVersion>;
}

function yearsOf(view: DatasetView): Years {
  const byYear = new Map<number, CatalogVersion>();
  for (const v of [...view.versions].sort((a, b) => a.version_id - b.version_id)) {
    const m = /(\d{4})/.exec(v.publisher_version ?? '');
    if (m) byYear.set(Number(m[1]), v);
  }
  return { view, byYear };
}

const sorted = (years: Iterable<number>) => [...years].sort((a, b) => a - b);

async function reachViews(deps: Deps, date: string): Promise<{ results: Years; providers: Years }> {
  const [results, providers] = await viewsOf(deps, [
    { dataset: requireDataset(REACH_RESULTS), date },
    { dataset: requireDataset(REACH_PROVIDERS), date },
  ]);
  return { results: yearsOf(results!), providers: yearsOf(providers!) };
}

function notLoaded(date: string, what: string, gaps: DatasetView['gaps']): SourceNotLoadedError {
  return new SourceNotLoadedError(`No ${what} of cms_reach_puf is loaded and released on ${date}.`, {
    sources: ['cms_reach_puf'],
    gaps,
  });
}

function provenance(used: { years: Years; versions: CatalogVersion[] }[], date: string) {
  return {
    sources: used.flatMap((u) => u.years.view.sourceVersions(u.versions)),
    gaps: used.flatMap((u) => u.years.view.gaps),
    as_of: date,
    methodology_note: REACH_METHODOLOGY,
  };
}

/** Every row of a listing (or rollup) page after page: a year's entities (about 130), their counts, or one key range. */
async function readAll(
  deps: Deps,
  dataset: string,
  listing: string,
  versions: CatalogVersion[],
  filters: Record<string, FilterInput>,
): Promise<ListingRow[]> {
  if (!versions.length) return [];
  return readWholeListing(deps, requireDataset(dataset), listing, { versions, filters, maxScanned: 5000 });
}

type Counts = { participant: number; preferred: number };

/** Provider counts by entity from the rollup computed when the year's list loaded. */
async function countsOf(deps: Deps, version: CatalogVersion | undefined, year: number, acoId?: string) {
  const out = new Map<string, Counts>();
  if (!version) return out;
  const rows = await readAll(deps, REACH_PROVIDERS, 'by_entity', [version], {
    performance_year: { eq: year },
    ...(acoId ? { aco_id: { eq: acoId } } : {}),
  });
  for (const { value } of rows) {
    const id = String(value.aco_id);
    const c = out.get(id) ?? { participant: 0, preferred: 0 };
    if (value.provider_type === 'participant' || value.provider_type === 'preferred')
      c[value.provider_type] += Number(value.providers ?? 0);
    out.set(id, c);
  }
  return out;
}

function entity(row: ReachResultRow, source: RowSource, counts: Counts | null): ReachEntity {
  return {
    performance_year: row.performance_year,
    model: row.model,
    entity_id: row.aco_id,
    entity_name: row.aco_name,
    entity_type: row.aco_type,
    entity_type_published: row.aco_type_published,
    first_performance_year: row.first_performance_year,
    risk_arrangement: row.risk_arrangement,
    risk_arrangement_published: row.risk_arrangement_published,
    stop_loss_election: row.stop_loss_election,
    capitation_arrangement: row.capitation_arrangement,
    enhanced_pcc_election: row.enhanced_pcc_election,
    apo_election: row.apo_election,
    alignment_plus: row.alignment_plus,
    discount_pct: row.discount_pct,
    retention_withhold_pct: row.retention_withhold_pct,
    unadjusted_benchmark: row.unadjusted_benchmark,
    final_benchmark: row.final_benchmark,
    savings_rate_pct: row.savings_rate_pct,
    total_cost_of_care: row.total_cost_of_care,
    total_cost_of_care_net: row.total_cost_of_care_net,
    gross_savings: row.gross_savings,
    losses: row.losses,
    shared_savings: row.shared_savings,
    shared_savings_after_sequestration: row.shared_savings_after_sequestration,
    capitation_payments: row.capitation_payments,
    enhanced_pcc_payments: row.enhanced_pcc_payments,
    claims_payments: row.claims_payments,
    quality_score_pct: row.quality_score_pct,
    quality_score_published: row.quality_score_published,
    qual_score_note: row.qual_score_note,
    provider_counts: counts,
    layout: row.layout,
    source_row: row.source_row,
    source,
  };
}

export type ReachSort =
  | 'entity_id'
  | 'shared_savings'
  | 'gross_savings'
  | 'losses'
  | 'savings_rate_pct'
  | 'quality_score_pct';

export interface ReachListQuery {
  year?: number;
  entity_type?: string;
  risk_arrangement?: string;
  sort: ReachSort;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const keyOf = (e: ReachEntity) => `${e.entity_id}#${e.source.version_id}#${e.source.locator.record}`;

/** Nulls last either way; ties end on entity id, version and record (unique). */
function compareBy(sort: ReachSort, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  return (a: ReachEntity, b: ReachEntity): number => {
    if (sort !== 'entity_id') {
      const x = a[sort];
      const y = b[sort];
      if (x === null && y !== null) return 1;
      if (y === null && x !== null) return -1;
      if (x !== null && y !== null && x !== y) return (x < y ? -1 : 1) * sign;
      return keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;
    }
    return (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0) * sign;
  };
}

/**
 * The entities of one performance year (default: the latest whose results are released by the
 * date), with their provider counts, filtered, sorted and paged in memory (a year has about 130).
 * A year whose results are not released by the date is a 404 naming the years that are.
 */
export async function listReach(deps: Deps, q: ReachListQuery, date: string): Promise<ReachList> {
  const { results, providers } = await reachViews(deps, date);
  const years = sorted(results.byYear.keys());
  if (!years.length) throw notLoaded(date, 'performance year of the financial and quality results', results.view.gaps);
  const year = q.year ?? years[years.length - 1]!;
  const version = results.byYear.get(year);
  if (!version)
    throw new NotFoundError(
      `The ACO REACH results of PY${year} are not released by ${date}; years released: ${years.join(', ')}.`,
      { year, performance_years: years },
    );
  const providerVersion = providers.byYear.get(year);
  const [rows, counts] = await Promise.all([
    readAll(deps, REACH_RESULTS, 'entities', [version], { performance_year: { eq: year } }),
    countsOf(deps, providerVersion, year),
  ]);
  const order = q.order ?? (q.sort === 'entity_id' ? 'asc' : 'desc');
  const all = rows
    .map(({ value }) => {
      const row = value as unknown as ReachResultRow;
      const c = providerVersion ? (counts.get(row.aco_id) ?? { participant: 0, preferred: 0 }) : null;
      return entity(row, rowSourceOf(version, row.locator), c);
    })
    .filter(
      (e) =>
        (!q.entity_type || e.entity_type === q.entity_type) &&
        (!q.risk_arrangement || e.risk_arrangement === q.risk_arrangement),
    )
    .sort(compareBy(q.sort, order));
  const items = all.slice(q.offset, q.offset + q.limit);
  return {
    performance_year: year,
    performance_years: years,
    items,
    total: all.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    sort: q.sort,
    order,
    ...provenance(
      [
        { years: results, versions: [version] },
        ...(providerVersion ? [{ years: providers, versions: [providerVersion] }] : []),
      ],
      date,
    ),
  };
}

export interface ReachEntityQuery {
  year?: number;
  provider_type?: 'participant' | 'preferred';
  provider_limit: number;
  provider_offset: number;
}

function provider(row: ReachProviderRow, source: RowSource): ReachProvider {
  return {
    provider_type: row.provider_type as ReachProvider['provider_type'],
    provider_type_published: row.provider_type_published,
    provider_name: row.provider_name,
    npi: row.npi,
    tin: row.tin,
    ccn: row.ccn,
    state: row.state,
    layout: row.layout,
    source_row: row.source_row,
    source,
  };
}

/** The entity's name as its provider list of the year prints it (first row), for a year without results. */
async function listName(deps: Deps, version: CatalogVersion, entityId: string, year: number): Promise<string | null> {
  const [first] = await readAll(deps, REACH_PROVIDERS, 'providers', [version], {
    entity_year: { eq: entityYear(entityId, year) },
    position: { gte: 1, lte: 1 },
  });
  return first ? ((first.value as unknown as ReachProviderRow).aco_name ?? null) : null;
}

/**
 * One entity for one performance year (default: the latest year it appears in, in the results or
 * in a provider list, on the date): its results (null when that year's results are not released)
 * and one page of its participant and preferred providers with their total. An entity in no year
 * in force (or not in the year asked) is a 404.
 */
export async function reachEntity(
  deps: Deps,
  entityId: string,
  q: ReachEntityQuery,
  date: string,
): Promise<ReachEntityDetail> {
  const { results, providers } = await reachViews(deps, date);
  if (!results.byYear.size && !providers.byYear.size)
    throw notLoaded(date, 'results or provider list', [...results.view.gaps, ...providers.view.gaps]);
  const resultVersions = [...results.byYear.values()];
  const [found, ...perYear] = await Promise.all([
    lookupMany(deps, requireDataset(REACH_RESULTS), 'aco_id', [entityId], resultVersions),
    ...[...providers.byYear].map(async ([y, v]) => [y, (await countsOf(deps, v, y, entityId)).get(entityId)] as const),
  ]);
  const resultByYear = new Map<number, { row: ReachResultRow; version: CatalogVersion }>();
  for (const stored of found.get(entityId) ?? []) {
    const row = stored.value as unknown as ReachResultRow;
    const version = results.byYear.get(row.performance_year);
    if (version && version.version_id === stored.version_id) resultByYear.set(row.performance_year, { row, version });
  }
  const countsByYear = new Map<number, Counts>();
  for (const [y, c] of perYear) if (c) countsByYear.set(y, c);
  const years = sorted(new Set([...resultByYear.keys(), ...countsByYear.keys()]));
  if (!years.length)
    throw new NotFoundError(`Entity ${entityId} is in no ACO REACH results or provider list in force on ${date}.`, {
      entity_id: entityId,
    });
  const year = q.year ?? years[years.length - 1]!;
  const result = resultByYear.get(year);
  const listed = countsByYear.get(year);
  const listVersion = providers.byYear.get(year);
  // As in the list: a year whose provider list is in force but does not name the entity counts 0, not null.
  const counts = listed ?? (listVersion ? { participant: 0, preferred: 0 } : null);
  if (!result && !listed)
    throw new NotFoundError(
      `Entity ${entityId} is in neither the results nor the provider list of PY${year} on ${date}; its years: ${years.join(', ')}.`,
      { entity_id: entityId, year, performance_years: years },
    );
  const providerVersion = listed ? listVersion : undefined;
  // Places are 1-based and dense in the file's order: the page is the key range after the offset.
  const range = { gte: q.provider_offset + 1, lte: q.provider_offset + q.provider_limit };
  const rows = !providerVersion
    ? []
    : q.provider_type
      ? await readAll(deps, REACH_PROVIDERS, 'providers_by_type', [providerVersion], {
          entity_year_type: { eq: entityYearType(entityId, year, q.provider_type) },
          type_position: range,
        })
      : await readAll(deps, REACH_PROVIDERS, 'providers', [providerVersion], {
          entity_year: { eq: entityYear(entityId, year) },
          position: range,
        });
  const page = rows.map(({ value }) => {
    const row = value as unknown as ReachProviderRow;
    return provider(row, rowSourceOf(providerVersion!, row.locator));
  });
  const total = counts ? (q.provider_type ? counts[q.provider_type] : counts.participant + counts.preferred) : 0;
  const end = q.provider_offset + page.length;
  const nameFromList = providerVersion && !result ? await listName(deps, providerVersion, entityId, year) : null;
  return {
    entity_id: entityId,
    entity_name: result?.row.aco_name ?? nameFromList ?? entityId,
    performance_year: year,
    performance_years: years,
    results: result ? entity(result.row, rowSourceOf(result.version, result.row.locator), counts) : null,
    providers: page,
    provider_total: total,
    provider_limit: q.provider_limit,
    provider_offset: q.provider_offset,
    provider_next_offset: end < total ? end : null,
    provider_counts: counts,
    ...provenance(
      [
        ...(result ? [{ years: results, versions: [result.version] }] : []),
        ...(counts && listVersion ? [{ years: providers, versions: [listVersion] }] : []),
      ],
      date,
    ),
  };
}
