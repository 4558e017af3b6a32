import { requireDataset } from '../catalog/datasets';
import { type ListingRow, queryListing, readWholeListing } from '../catalog/query';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import { genericCostsByName } from './generic-cost';
import { MEPS_METHODOLOGY, MEPS_MIX_DATASET, MEPS_ROLLUPS } from './meps-rows';
import type { MepsMixAnswer, MepsSegmentParam } from './meps-schemas';

export interface MepsMixQuery {
  year?: number;
  segment: MepsSegmentParam;
  drug?: string;
  limit: number;
  cursor?: string;
}

export const MEPS_ORDER =
  'weighted acquisitions, largest first (withheld rows last), then version and group number (unique)';

const num = (v: unknown) => (typeof v === 'number' ? v : v === null || v === undefined ? null : Number(v));
const round = (v: number | null, places = 2) => (v === null ? null : Math.round(v * 10 ** places) / 10 ** places);

/** The prescribed-medicines files in force on the date, or a 503 naming ahrq_meps_pmed. */
async function mixView(deps: Deps, date: string): Promise<DatasetView> {
  const view = await viewOf(deps, requireDataset(MEPS_MIX_DATASET), date);
  if (!view.versions.length) {
    throw new SourceNotLoadedError(`No MEPS prescribed-medicines file is loaded and released by ${date}.`, {
      sources: ['ahrq_meps_pmed'],
      gaps: view.gaps,
    });
  }
  return view;
}

/**
 * The version answering for each data year: the per-year totals say which year a version holds
 * (the file name does not), and a year AHRQ republished is read from its newest version only.
 */
function versionsByYear(view: DatasetView, totals: readonly ListingRow[]): Map<number, CatalogVersion> {
  const out = new Map<number, CatalogVersion>();
  for (const t of totals) {
    const year = num(t.value.data_year);
    const v = view.version(t.source.version_id);
    if (year === null || !v) continue;
    const had = out.get(year);
    if (!had || had.version_id < v.version_id) out.set(year, v);
  }
  return out;
}

/**
 * The weighted drug mix of a data year and person segment (`all` by default) as of the date: the
 * rollup rows computed when the year's file loaded, largest estimated acquisitions first, each
 * with its share of the segment's acquisitions and the median generic acquisition cost of the
 * RxNorm ingredient of the same name (NADAC in force on the date). `year` defaults to the latest
 * year loaded; a year not loaded is a 404 naming those that are.
 */
export async function mepsMix(deps: Deps, q: MepsMixQuery, date: string): Promise<MepsMixAnswer> {
  const view = await mixView(deps, date);
  const dataset = view.dataset;
  const allTotals = await readWholeListing(deps, dataset, MEPS_ROLLUPS.allTotals, { versions: view });
  const byYear = versionsByYear(view, allTotals);
  const years = [...byYear.keys()].sort((a, b) => a - b);
  const year = q.year ?? years[years.length - 1];
  const version = year === undefined ? undefined : byYear.get(year);
  if (year === undefined || !version) {
    throw new NotFoundError(
      `No MEPS data year ${q.year ?? ''} is loaded and released by ${date}; loaded years: ${years.join(', ') || 'none'}.`,
      { data_years: years },
    );
  }
  const all = q.segment === 'all';
  const totalsRow = all
    ? allTotals.find((t) => t.source.version_id === version.version_id && num(t.value.data_year) === year)
    : (
        await queryListing(deps, dataset, MEPS_ROLLUPS.segmentTotals, {
          versions: [version],
          filters: { data_year: year, segment: q.segment },
          limit: 1,
        })
      ).items[0];
  const page = await queryListing(deps, dataset, all ? MEPS_ROLLUPS.all : MEPS_ROLLUPS.bySegment, {
    versions: [version],
    filters: {
      data_year: year,
      ...(all ? {} : { segment: q.segment }),
      ...(q.drug ? { drug: q.drug.toUpperCase() } : {}),
    },
    limit: q.limit,
    cursor: q.cursor,
  });
  const denominator = num(totalsRow?.value.weighted_fills);
  const costs = await genericCostsByName(
    deps,
    page.items.map((it) => String(it.value.drug)),
    date,
  );
  const items = page.items.map((it) => {
    const v = it.value;
    const suppressed = v.suppressed === true;
    const fills = suppressed ? null : num(v.weighted_fills);
    const expenditure = suppressed ? null : num(v.weighted_expenditure);
    return {
      drug: String(v.drug),
      suppressed,
      sample_persons: suppressed ? null : num(v.persons),
      weighted_persons: suppressed ? null : round(num(v.weighted_persons), 0),
      weighted_fills: round(fills, 0),
      share_of_fills_pct: fills !== null && denominator ? round((fills / denominator) * 100, 3) : null,
      weighted_expenditure: round(expenditure),
      expenditure_per_fill: fills && expenditure !== null ? round(expenditure / fills) : null,
      weighted_out_of_pocket: suppressed ? null : round(num(v.weighted_out_of_pocket)),
      median_generic_acquisition_cost: costs.costs.get(String(v.drug))!,
      source: it.source,
    };
  });
  const sources = [...view.sourceVersions([version]), ...costs.sources];
  return {
    data_year: year,
    segment: q.segment,
    data_years: years,
    totals: totalsRow
      ? {
          sample_persons: num(totalsRow.value.persons) ?? 0,
          weighted_persons: round(num(totalsRow.value.weighted_persons), 0) ?? 0,
          weighted_fills: round(num(totalsRow.value.weighted_fills), 0) ?? 0,
          weighted_expenditure: round(num(totalsRow.value.weighted_expenditure)) ?? 0,
        }
      : null,
    items,
    limit: page.limit,
    next_cursor: page.next_cursor,
    order: MEPS_ORDER,
    sources,
    gaps: [...view.gaps, ...costs.gaps],
    as_of: date,
    methodology_note: MEPS_METHODOLOGY,
  };
}
