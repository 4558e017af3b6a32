import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { rowSourceOf } from '../catalog/provenance';
import { type ListingRow, readWholeListing } from '../catalog/query';
import { type DatasetView, viewOf, viewsOf } from '../catalog/view';
import { parseNdc } from '../codes/ndc';
import type { Deps } from '../deps';
import { SourceNotLoadedError } from '../http/errors';
import { ASP_CROSSWALK, ASP_LIMITS, ASP_METHODOLOGY, type AspCrosswalkRow, type AspLimitRow } from './asp-rows';
import type { AspLimitItem, AspSearch } from './asp-schemas';

export interface AspQuery {
  q?: string;
  hcpcs?: string;
  ndc?: string;
  limit: number;
  offset: number;
}

const SEARCH_NOTE =
  ' Search: `q` keeps the codes whose short descriptor contains every word given (case-insensitive; CPT-shaped codes have no descriptor to search); `hcpcs` the one code; `ndc` the codes the NDC-HCPCS crosswalk of the same quarter lists the NDC under (an identifier link, not a name match: an NDC the crosswalk omits finds nothing, which is not proof Medicare does not pay for it). Order: HCPCS code (unique within a quarter).';

/** Words of a search text: lower-case letters and digits (hyphenated words kept whole, as in `pegfilgrastim-bmez`). */
export const wordsOf = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter(Boolean);

/** The payment-limit rows of the quarter in force (about 900; read whole, from the process's listing cache). */
export async function aspLimitsIn(deps: Deps, view: DatasetView): Promise<ListingRow[]> {
  if (!view.versions.length) return [];
  return readWholeListing(deps, view.dataset, 'limits', { versions: view });
}

function quarterOf(view: DatasetView): string | null {
  return view.versions[0]?.publisher_version ?? null;
}

export function aspItem(r: ListingRow, ndcMatches: AspLimitItem['ndc_matches'] = []): AspLimitItem {
  const v = r.value as unknown as AspLimitRow;
  return {
    hcpcs: v.hcpcs,
    short_description: v.short_description,
    dosage: v.dosage,
    payment_limit: v.payment_limit,
    coinsurance_pct: v.coinsurance_pct,
    notes: v.notes,
    quarter: v.quarter,
    effective_from: v.effective_from,
    effective_to: v.effective_to,
    ndc_matches: ndcMatches,
    source: r.source,
  };
}

/**
 * /rx/asp: the payment limits of the quarter in force on the date, filtered by descriptor words,
 * code and NDC (through the crosswalk of the same date), in HCPCS order, paged by offset. No
 * payment-limit file in force: 503 naming cms_asp_pricing; an NDC search with no crosswalk in
 * force: 503 naming it too (the search cannot be answered).
 */
export async function aspSearch(deps: Deps, query: AspQuery, date: string): Promise<AspSearch> {
  const [limits, crosswalk] = await viewsOf(deps, [
    { dataset: requireDataset(ASP_LIMITS), date },
    { dataset: requireDataset(ASP_CROSSWALK), date },
  ]);
  if (!limits!.versions.length)
    throw new SourceNotLoadedError(`No CMS ASP payment-limit file is loaded and in force on ${date}.`, {
      sources: ['cms_asp_pricing'],
      gaps: limits!.gaps,
    });
  let ndcBlock: AspSearch['ndc'] = null;
  let byCode: Map<string, AspLimitItem['ndc_matches']> | null = null;
  if (query.ndc !== undefined) {
    if (!crosswalk!.versions.length)
      throw new SourceNotLoadedError(
        `No CMS ASP NDC-HCPCS crosswalk is loaded and in force on ${date}: an NDC search needs it.`,
        {
          sources: ['cms_asp_pricing'],
          gaps: crosswalk!.gaps,
        },
      );
    const p = parseNdc(query.ndc);
    const candidates = p.kind === 'ndc11' ? [p.ndc11] : p.kind === 'ambiguous' ? [...p.candidates] : [];
    const found = await lookupMany(deps, crosswalk!.dataset, 'ndc11', candidates, crosswalk!.versions);
    byCode = new Map();
    const matched: string[] = [];
    for (const c of candidates) {
      for (const s of found.get(c) ?? []) {
        const v = crosswalk!.version(s.version_id);
        if (!v) continue;
        const row = s.value as unknown as AspCrosswalkRow;
        if (!matched.includes(c)) matched.push(c);
        const list = byCode.get(row.hcpcs) ?? [];
        list.push({
          ndc11: c,
          ndc: row.ndc,
          drug_name: row.drug_name,
          labeler_name: row.labeler_name,
          pkg_size: row.pkg_size,
          pkg_qty: row.pkg_qty,
          bill_units_pkg: row.bill_units_pkg,
          source: rowSourceOf(v, row.locator),
        });
        byCode.set(row.hcpcs, list);
      }
    }
    ndcBlock = {
      input: query.ndc,
      form: p.kind === 'ndc11' ? p.form : 'ambiguous-10-digit',
      candidates,
      matched,
      crosswalk_quarter: quarterOf(crosswalk!),
    };
  }
  const words = query.q ? wordsOf(query.q) : [];
  const rows = (await aspLimitsIn(deps, limits!)).filter((r) => {
    const v = r.value as unknown as AspLimitRow;
    if (query.hcpcs && v.hcpcs !== query.hcpcs) return false;
    if (byCode && !byCode.has(v.hcpcs)) return false;
    if (words.length) {
      const text = (v.short_description ?? '').toLowerCase();
      if (!words.every((w) => text.includes(w))) return false;
    }
    return true;
  });
  rows.sort((a, b) => {
    const x = (a.value as unknown as AspLimitRow).hcpcs;
    const y = (b.value as unknown as AspLimitRow).hcpcs;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const page = rows.slice(query.offset, query.offset + query.limit);
  const next = query.offset + page.length;
  return {
    items: page.map((r) => aspItem(r, byCode?.get((r.value as unknown as AspLimitRow).hcpcs) ?? [])),
    total: rows.length,
    limit: query.limit,
    offset: query.offset,
    next_offset: next < rows.length ? next : null,
    order: 'hcpcs',
    quarter: quarterOf(limits!),
    ndc: ndcBlock,
    sources: [...limits!.sourceVersions(), ...(query.ndc !== undefined ? crosswalk!.sourceVersions() : [])],
    gaps: [...limits!.gaps, ...(query.ndc !== undefined ? crosswalk!.gaps : [])],
    as_of: date,
    methodology_note: `${ASP_METHODOLOGY}${SEARCH_NOTE}`,
  };
}

/** The payment-limit view on a date (for joins: no 503, the caller reports the gap). */
export function aspLimitsView(deps: Deps, date: string): Promise<DatasetView> {
  return viewOf(deps, requireDataset(ASP_LIMITS), date);
}
