import { requireDataset } from '../catalog/datasets';
import { queryListing } from '../catalog/query';
import type { FilterInput } from '../catalog/query-plan';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { SourceNotLoadedError, ValidationError } from '../http/errors';
import { DEMAND_METHODOLOGY, DEMAND_ROLLUPS, PARTD_DEMAND_DATASET } from './demand-rows';
import type { DemandAnswer, DemandRow } from './demand-schemas';

export interface DemandQuery {
  level: 'county' | 'cbsa';
  generic?: string;
  brand?: string;
  state?: string;
  county_fips?: string;
  cbsa?: string;
  year?: number;
  limit: number;
  cursor?: string;
}

export const PLACEMENT_RULE =
  "Prescriber NPI -> practice-location ZIP of its NPPES record -> the county and the CBSA holding the largest share of the ZIP's business addresses in HUD's USPS ZIP crosswalk (ties: total share, then lower code); done when the Part D file loaded.";

/** The Part D prescriber releases in force on the date, or a 503 naming cms_partd_prescribers. */
async function demandView(deps: Deps, date: string): Promise<DatasetView> {
  const view = await viewOf(deps, requireDataset(PARTD_DEMAND_DATASET), date);
  if (!view.versions.length) {
    throw new SourceNotLoadedError(`No Medicare Part D prescribers file is loaded and in force on ${date}.`, {
      sources: ['cms_partd_prescribers'],
      gaps: view.gaps,
    });
  }
  return view;
}

const num = (v: unknown) => (typeof v === 'number' ? v : v === null || v === undefined ? null : Number(v));
const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
/** A sum served only when no row it adds had the value suppressed (complete or nothing). */
const unless = (suppressedRows: unknown, v: unknown) => ((num(suppressedRows) ?? 0) > 0 ? null : round2(num(v)));

/** A stored rollup row as served: partial sums of suppressed cells are never shown. */
export function demandRow(level: DemandQuery['level'], v: Record<string, unknown>): Omit<DemandRow, 'source'> {
  return {
    level,
    data_year: num(v.data_year),
    state: level === 'county' ? ((v.prescriber_state as string | null) ?? null) : null,
    county_fips: level === 'county' ? ((v.county_fips as string | null) ?? null) : null,
    cbsa: level === 'cbsa' ? ((v.cbsa as string | null) ?? null) : null,
    generic_name: String(v.gnrc_name ?? ''),
    brand_name: String(v.brnd_name ?? ''),
    prescribers: num(v.prescribers) ?? 0,
    tot_clms: round2(num(v.tot_clms)) ?? 0,
    tot_30day_fills: round2(num(v.tot_30day_fills)),
    tot_day_suply: round2(num(v.tot_day_suply)),
    tot_drug_cst: round2(num(v.tot_drug_cst)),
    tot_benes: unless(v.benes_suppressed_rows, v.tot_benes),
    tot_benes_suppressed: (num(v.benes_suppressed_rows) ?? 0) > 0,
    ge65_tot_clms: unless(v.ge65_suppressed_rows, v.ge65_tot_clms),
    ge65_tot_drug_cst: unless(v.ge65_suppressed_rows, v.ge65_tot_drug_cst),
    ge65_suppressed: (num(v.ge65_suppressed_rows) ?? 0) > 0,
    ge65_tot_benes: unless(v.ge65_benes_suppressed_rows, v.ge65_tot_benes),
    ge65_benes_suppressed: (num(v.ge65_benes_suppressed_rows) ?? 0) > 0,
  };
}

/** `DY2022 RY2024` -> 2022. */
const dataYearOf = (label: string | null) => {
  const m = label ? /DY(\d{4})/.exec(label) : null;
  return m ? Number(m[1]) : null;
};

function placedWith(values: readonly string[]): { source_id: string; version_id: number }[] {
  const out = new Map<string, { source_id: string; version_id: number }>();
  for (const v of values) {
    for (const part of v.split(',')) {
      const i = part.lastIndexOf(':');
      if (i > 0) out.set(part, { source_id: part.slice(0, i), version_id: Number(part.slice(i + 1)) });
    }
  }
  return [...out.values()].sort((a, b) => a.source_id.localeCompare(b.source_id) || a.version_id - b.version_id);
}

/**
 * Part D demand by county or CBSA and drug as of the date: the rollup rows computed when the
 * release in force loaded, ordered by claims (largest first, then group number: unique), filtered
 * by drug, state, county, CBSA and data year, paged by the catalog's cursor.
 */
export async function demand(deps: Deps, q: DemandQuery, date: string): Promise<DemandAnswer> {
  const wrong =
    q.level === 'cbsa'
      ? (['state', 'county_fips'] as const).find((k) => q[k] !== undefined)
      : q.cbsa !== undefined
        ? 'cbsa'
        : undefined;
  if (wrong) {
    throw ValidationError.single(
      'query',
      wrong,
      q.level === 'cbsa'
        ? 'filters county rows only (a CBSA may span states and counties): use level=county'
        : 'filters CBSA rows only: use level=cbsa',
    );
  }
  const view = await demandView(deps, date);
  const filters: Record<string, FilterInput | undefined> = {
    gnrc_name: q.generic?.toUpperCase(),
    brnd_name: q.brand?.toUpperCase(),
    data_year: q.year,
    ...(q.level === 'county'
      ? { prescriber_state: q.state?.toUpperCase(), county_fips: q.county_fips }
      : { cbsa: q.cbsa }),
  };
  const page = await queryListing(deps, view.dataset, DEMAND_ROLLUPS[q.level], {
    versions: view,
    filters,
    limit: q.limit,
    cursor: q.cursor,
  });
  const sources = view.sourceVersions();
  return {
    items: page.items.map((it) => ({ ...demandRow(q.level, it.value), source: it.source })),
    limit: page.limit,
    next_cursor: page.next_cursor,
    level: q.level,
    data_years: [
      ...new Set(sources.map((s) => dataYearOf(s.publisher_version)).filter((y): y is number => y !== null)),
    ],
    placement: {
      rule: PLACEMENT_RULE,
      versions: placedWith(page.items.map((it) => String(it.value.placed_with ?? ''))),
    },
    sources,
    gaps: view.gaps,
    as_of: date,
    methodology_note: DEMAND_METHODOLOGY,
  };
}
