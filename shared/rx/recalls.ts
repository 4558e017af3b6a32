import { requireDataset } from '../catalog/datasets';
import { wholeListingKey } from '../catalog/listing-cache';
import { rowSourceOf } from '../catalog/provenance';
import { queryListing } from '../catalog/query';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import { MAX_LIMIT } from '../http/paging';
import { contains, pageOf } from './list-text';
import { linkIngredientsByNdc } from './ndc-ingredient-link';
import { RECALLS_DATASET, RECALLS_LISTING, RECALLS_METHODOLOGY, type RecallRow } from './recall-rows';
import type { NdcMatchMethod, Recall, RecallList } from './recall-schemas';
import { memoByRelease } from './release-memo';

export interface RecallsQuery {
  /** As ndc11. */
  ndc?: string;
  ingredient?: string;
  firm?: string;
  classification?: string;
  status?: string;
  report_from?: string;
  report_to?: string;
  sort: 'report_date' | 'recall_number';
  limit: number;
  offset: number;
}

/** The file in force on the date, or a 503 naming openfda_drug_enforcement. */
async function recallsView(deps: Deps, date: string): Promise<DatasetView> {
  const view = await viewOf(deps, requireDataset(RECALLS_DATASET), date);
  if (!view.versions.length) {
    throw new SourceNotLoadedError(`No openFDA drug enforcement file is loaded and in force on ${date}.`, {
      sources: [RECALLS_DATASET],
      gaps: view.gaps,
    });
  }
  return view;
}

type Held = Omit<Recall, 'match' | 'ingredients'>;
type Matched = Omit<Recall, 'ingredients'>;

const cmp = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
/** The unique tail of every order: recall number, event id, then the report's place in the file. */
const byKey = (a: Held | Matched, b: Held | Matched) =>
  cmp(a.recall_number, b.recall_number) ||
  cmp(a.event_id, b.event_id) ||
  a.source.locator.record - b.source.locator.record;

/**
 * Every report of the file in force, by recall number (then event id and place in the file): read
 * once per process and file (./release-memo.ts, keyed by the version and its loader generation),
 * then filtered per request. The listing is read page by page without the listing cache: the memo
 * keeps the reports, so a full file (about 17,000 reports) is held once.
 */
async function recallsOf(deps: Deps, view: DatasetView): Promise<Held[]> {
  const key = wholeListingKey(view.dataset, 'recalls:held', view.versions, {});
  return memoByRelease(deps, key, async () => {
    const out: Held[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryListing(deps, view.dataset, RECALLS_LISTING, {
        versions: view,
        limit: MAX_LIMIT,
        cursor,
      });
      for (const r of page.items) {
        const { locator, ...row } = r.value as unknown as RecallRow;
        const version = view.version(r.source.version_id)!;
        out.push({
          ...row,
          ndc11s: [...new Set([...row.ndc11_structured, ...row.ndc11_text])].sort(),
          source: rowSourceOf(version, locator),
        });
      }
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return out.sort(byKey);
  });
}

function ndcMethod(r: Held, ndc11: string): NdcMatchMethod | null {
  const s = r.ndc11_structured.includes(ndc11);
  const t = r.ndc11_text.includes(ndc11);
  return s && t ? 'both' : s ? 'structured' : t ? 'text' : null;
}

function ingredientVia(r: Held, ingredient: string): 'openfda' | 'product_description' | null {
  const names = [...r.openfda.substance_name, ...r.openfda.generic_name];
  if (names.length) return names.some((n) => contains(n, ingredient)) ? 'openfda' : null;
  return contains(r.product_description, ingredient) ? 'product_description' : null;
}

const RXNORM_LINK =
  'ndc11: each NDC the report carries (structured or printed), to its RxNorm drugs (RXNSAT), to their ingredients (RXNREL)';

/** GET /rx/recalls: the reports of the file in force, filtered, ordered and paged in memory, with how each matched. */
export async function listRecalls(deps: Deps, q: RecallsQuery, date: string): Promise<RecallList> {
  const view = await recallsView(deps, date);
  const all = await recallsOf(deps, view);
  const windowed = q.report_from !== undefined || q.report_to !== undefined;
  const hits: Matched[] = [];
  for (const r of all) {
    if (q.classification && r.classification !== q.classification) continue;
    if (q.status && r.status !== q.status) continue;
    if (!contains(r.recalling_firm, q.firm)) continue;
    if (
      windowed &&
      !(
        r.report_date !== null &&
        (!q.report_from || r.report_date >= q.report_from) &&
        (!q.report_to || r.report_date <= q.report_to)
      )
    )
      continue;
    const ndc_method = q.ndc ? ndcMethod(r, q.ndc) : null;
    if (q.ndc && !ndc_method) continue;
    const ingredient_via = q.ingredient ? ingredientVia(r, q.ingredient) : null;
    if (q.ingredient && !ingredient_via) continue;
    hits.push({ ...r, match: { ndc_method, ingredient_via } });
  }
  if (q.sort === 'report_date') hits.sort((a, b) => cmp(b.report_date, a.report_date) || byKey(a, b));
  const count = (f: (r: Matched) => boolean) => hits.filter(f).length;
  const page = pageOf(hits, q);
  const linked = await linkIngredientsByNdc(deps, page.items, date, RXNORM_LINK);
  const sources = new Map([...view.sourceVersions(), ...linked.sources].map((v) => [v.version_id, v]));
  const gaps = new Map([...view.gaps, ...linked.gaps].map((g) => [`${g.source_id}|${g.doc_id}|${g.reason}`, g]));
  return {
    ...page,
    items: linked.items,
    match_stats: {
      matched: hits.length,
      ndc: q.ndc ?? null,
      by_method: q.ndc
        ? {
            structured: count((r) => r.match.ndc_method === 'structured'),
            text: count((r) => r.match.ndc_method === 'text'),
            both: count((r) => r.match.ndc_method === 'both'),
          }
        : null,
      ingredient_via: q.ingredient
        ? {
            openfda: count((r) => r.match.ingredient_via === 'openfda'),
            product_description: count((r) => r.match.ingredient_via === 'product_description'),
          }
        : null,
      text_unresolved: count((r) => r.ndc_text_unresolved.length > 0),
    },
    sort: q.sort,
    order: q.sort === 'report_date' ? 'desc' : 'asc',
    sources: [...sources.values()],
    gaps: [...gaps.values()],
    as_of: date,
    methodology_note: RECALLS_METHODOLOGY,
  };
}
