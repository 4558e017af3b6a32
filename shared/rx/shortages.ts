import { requireDataset } from '../catalog/datasets';
import { type RowSource, rowSourceOf } from '../catalog/provenance';
import { readWholeListing } from '../catalog/query';
import { viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import { linkIngredientsByNdc } from './ndc-ingredient-link';
import { SHORTAGES_DATASET, SHORTAGES_METHODOLOGY, type ShortageRow, type ShortageStatus } from './shortage-rows';
import type { Shortage, ShortageList } from './shortage-schemas';

export interface ShortagesQuery {
  status?: ShortageStatus;
  name?: string;
  ndc?: string;
  therapeutic_category?: string;
  company?: string;
  updated_since?: string;
  sort: 'updated' | 'name';
  limit: number;
  offset: number;
}

/** Most pressing first: the status a shortage takes when its presentations disagree. */
const PRESSING: readonly ShortageStatus[] = ['current', 'to_be_discontinued', 'discontinued', 'resolved', 'other'];

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
/** Every word of the query is a prefix of some word of the text. */
function wordsMatch(query: string, textValue: string | null): boolean {
  const have = words(textValue ?? '');
  return words(query).every((q) => have.some((w) => w.startsWith(q)));
}
const maxOf = (xs: (string | null)[]) => xs.reduce<string | null>((m, x) => (x && (!m || x > m) ? x : m), null);
const minOf = (xs: (string | null)[]) => xs.reduce<string | null>((m, x) => (x && (!m || x < m) ? x : m), null);
const distinct = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))];

function shortageOf(rows: { row: ShortageRow; source: RowSource }[]): Shortage {
  const first = rows[0]!.row;
  const counts: Record<string, number> = {};
  for (const { row } of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return {
    shortage_id: first.shortage_key,
    generic_name: first.generic_name,
    status: PRESSING.find((s) => counts[s]) ?? 'other',
    status_counts: counts,
    therapeutic_categories: distinct(rows.flatMap(({ row }) => row.therapeutic_categories)),
    reasons: distinct(rows.map(({ row }) => row.reason_for_shortage)),
    companies: distinct(rows.map(({ row }) => row.company_name)),
    initial_posting_date: minOf(rows.map(({ row }) => row.initial_posting_date)),
    last_updated: maxOf(rows.map(({ row }) => row.date_of_update)),
    date_discontinued: maxOf(rows.map(({ row }) => row.date_discontinued)),
    ndc11s: distinct(rows.flatMap(({ row }) => row.ndc11s)).sort(),
    ndc_unresolved: distinct(rows.flatMap(({ row }) => row.ndc_unresolved)).sort(),
    // Filled for the page's shortages by linkIngredientsByNdc (./ndc-ingredient-link.ts).
    ingredients: { status: 'source_not_loaded', source_id: 'nlm_rxnorm', method: RXNORM_LINK, ingredients: [] },
    presentations: rows.map(({ row, source }) => ({
      presentation: row.presentation,
      company_name: row.company_name,
      contact_info: row.contact_info,
      ndc11s: row.ndc11s,
      ndc_unresolved: row.ndc_unresolved,
      status: row.status,
      status_published: row.status_published,
      type_of_update: row.type_of_update,
      date_of_update: row.date_of_update,
      availability_information: row.availability_information,
      related_information: row.related_information,
      resolved_note: row.resolved_note,
      reason_for_shortage: row.reason_for_shortage,
      change_date: row.change_date,
      date_discontinued: row.date_discontinued,
      source,
    })),
  };
}

/**
 * Every shortage of the export in force on the date (rows grouped by shortage, in file order within
 * one), or `shortages: null` when no export is in force (its gaps in the view): for joins.
 */
export async function shortagesInForce(deps: Deps, date: string) {
  const dataset = requireDataset(SHORTAGES_DATASET);
  const view = await viewOf(deps, dataset, date);
  const version = view.versions[0];
  if (!version) return { view, shortages: null };
  const rows = await readWholeListing(deps, dataset, 'by_shortage', { versions: view });
  const groups = new Map<string, { row: ShortageRow; source: RowSource }[]>();
  for (const r of rows) {
    const row = r.value as unknown as ShortageRow;
    const list = groups.get(row.shortage_key) ?? [];
    list.push({ row, source: rowSourceOf(version, row.locator) });
    groups.set(row.shortage_key, list);
  }
  const shortages = [...groups.values()].map((g) =>
    shortageOf(g.sort((a, b) => a.row.locator.record - b.row.locator.record)),
  );
  return { view, shortages };
}

/** The shortages in force, or a 503 naming fda_drug_shortages when no export is in force. */
export async function shortagesOn(deps: Deps, date: string) {
  const { view, shortages } = await shortagesInForce(deps, date);
  if (!shortages) {
    throw new SourceNotLoadedError(`No FDA drug shortages export is loaded and in force on ${date}.`, {
      sources: ['fda_drug_shortages'],
      gaps: view.gaps,
    });
  }
  return { view, shortages };
}

const RXNORM_LINK =
  'ndc11: each NDC a presentation prints, to its RxNorm drugs (RXNSAT), to their ingredients (RXNREL)';

function matches(s: Shortage, q: ShortagesQuery, withStatus: boolean): boolean {
  if (withStatus && q.status && !s.status_counts[q.status]) return false;
  if (q.name && !wordsMatch(q.name, s.generic_name)) return false;
  if (q.ndc && !s.ndc11s.includes(q.ndc)) return false;
  if (q.therapeutic_category) {
    const c = q.therapeutic_category.toLowerCase();
    if (!s.therapeutic_categories.some((t) => t.toLowerCase() === c)) return false;
  }
  if (q.company && !s.companies.some((c) => wordsMatch(q.company!, c))) return false;
  if (q.updated_since && !(s.last_updated && s.last_updated >= q.updated_since)) return false;
  return true;
}

const byId = (a: Shortage, b: Shortage) => (a.shortage_id < b.shortage_id ? -1 : a.shortage_id > b.shortage_id ? 1 : 0);

/** GET /rx/shortages: filtered, sorted and paged in memory over the export in force (a few hundred shortages). */
export async function listShortages(deps: Deps, q: ShortagesQuery, date: string): Promise<ShortageList> {
  const { view, shortages } = await shortagesOn(deps, date);
  const unfiltered = shortages.filter((s) => matches(s, q, false));
  const statusCounts: Record<string, number> = {};
  for (const s of unfiltered)
    for (const st of Object.keys(s.status_counts)) statusCounts[st] = (statusCounts[st] ?? 0) + 1;
  const all = unfiltered
    .filter((s) => !q.status || s.status_counts[q.status])
    .sort(
      q.sort === 'name'
        ? byId
        : (a, b) =>
            (b.last_updated ?? '') < (a.last_updated ?? '')
              ? -1
              : (b.last_updated ?? '') > (a.last_updated ?? '')
                ? 1
                : byId(a, b),
    );
  const linked = await linkIngredientsByNdc(deps, all.slice(q.offset, q.offset + q.limit), date, RXNORM_LINK);
  const items = linked.items;
  const sources = new Map([...view.sourceVersions(), ...linked.sources].map((v) => [v.version_id, v]));
  const gaps = new Map([...view.gaps, ...linked.gaps].map((g) => [`${g.source_id}|${g.doc_id}|${g.reason}`, g]));
  return {
    items,
    total: all.length,
    status_counts: statusCounts,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    sort: q.sort,
    order: q.sort === 'name' ? 'asc' : 'desc',
    sources: [...sources.values()],
    gaps: [...gaps.values()],
    as_of: date,
    methodology_note: SHORTAGES_METHODOLOGY,
  };
}
