import { defineDataset } from '../../catalog/dataset';
import { mapParser } from '../../publishers/common/resume';
import { DEMAND_ROLLUPS, PARTD_DEMAND_DATASET, type PartdDemandRow, PartdDemandRowSchema } from '../../rx/demand-rows';
import { RX_DATASET_GROUP } from '../../rx/group';
import type { PartdPrescriberRecord } from './parser';
import { partdPrescriberParser } from './source';

const flag = (v: number | null) => (v === null ? 1 : 0);

/** Catalog rows from the file's records: suppression flags the rollups sum; placement left to the placer. */
export function toDemandRow(r: PartdPrescriberRecord): PartdDemandRow {
  return {
    ...r,
    benes_suppressed: flag(r.tot_benes),
    ge65_suppressed: r.ge65_sprsn_flag || r.ge65_tot_clms === null ? 1 : 0,
    ge65_benes_suppressed: r.ge65_bene_sprsn_flag || r.ge65_tot_benes === null ? 1 : 0,
    zip5: null,
    county_fips: null,
    cbsa: null,
    placement: 'not_placed',
    placed_with: 'none',
  };
}

const rowParser = mapParser<PartdPrescriberRecord, PartdDemandRow>(partdPrescriberParser, {
  id: 'cms_partd_prescribers/rows',
  version: `${partdPrescriberParser.version}.1`,
  map: toDemandRow,
});

const MEASURES = {
  prescribers: { op: 'count' },
  tot_clms: { op: 'sum', field: 'tot_clms' },
  tot_30day_fills: { op: 'sum', field: 'tot_30day_fills' },
  tot_day_suply: { op: 'sum', field: 'tot_day_suply' },
  tot_drug_cst: { op: 'sum', field: 'tot_drug_cst' },
  tot_benes: { op: 'sum', field: 'tot_benes' },
  benes_suppressed_rows: { op: 'sum', field: 'benes_suppressed' },
  ge65_tot_clms: { op: 'sum', field: 'ge65_tot_clms' },
  ge65_tot_drug_cst: { op: 'sum', field: 'ge65_tot_drug_cst' },
  ge65_suppressed_rows: { op: 'sum', field: 'ge65_suppressed' },
  ge65_tot_benes: { op: 'sum', field: 'ge65_tot_benes' },
  ge65_benes_suppressed_rows: { op: 'sum', field: 'ge65_benes_suppressed' },
} as const;

/**
 * The by-Provider-and-Drug file as a catalog dataset, one snapshot per release (~25 million rows,
 * streamed: no per-row state is kept but the placer's bounded caches). Rows are placed in a county
 * and a CBSA as they load (shared/rx/demand-place.ts, after the registry and the crosswalk, which
 * load first), and summed into two rollups computed at load: per (year, state, county, drug) and
 * per (year, CBSA, drug), ordered by claims (descending, then group number: unique). The sums of
 * suppressed cells are masked when read (shared/rx/demand.ts). No index and no listing of the
 * raw rows: the load writes two rollup inputs a row.
 */
export const partdDemandDataset = defineDataset<PartdDemandRow>({
  id: PARTD_DEMAND_DATASET,
  title: 'Medicare Part D prescribers by provider and drug',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: 'cms_partd_prescribers', docId: 'partd_prescribers:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'cms_partd_prescribers' ? rowParser : undefined),
  schema: PartdDemandRowSchema,
  // No index: nothing reads a prescriber's rows (an NPI index would add an item a row, 25 M a year).
  indexes: [],
  placer: async (deps, version) =>
    (require('../../rx/demand-place') as typeof import('../../rx/demand-place')).openDemandPlacer(deps, version),
  rollups: {
    [DEMAND_ROLLUPS.county]: {
      description: 'Claims, fills, days, cost and beneficiaries per data year, state, county and drug.',
      groupBy: ['data_year', 'prescriber_state', 'county_fips', 'gnrc_name', 'brnd_name', 'placed_with'],
      measures: MEASURES,
      listing: {
        sort: { field: 'tot_clms', type: 'number' },
        direction: 'desc',
        partitionBy: ['county_fips', 'gnrc_name', 'prescriber_state'],
        filters: { data_year: 'eq', county_fips: 'eq', gnrc_name: 'eq', brnd_name: 'eq', prescriber_state: 'eq' },
      },
    },
    [DEMAND_ROLLUPS.cbsa]: {
      description: 'Claims, fills, days, cost and beneficiaries per data year, CBSA and drug.',
      groupBy: ['data_year', 'cbsa', 'gnrc_name', 'brnd_name', 'placed_with'],
      measures: MEASURES,
      listing: {
        sort: { field: 'tot_clms', type: 'number' },
        direction: 'desc',
        partitionBy: ['cbsa', 'gnrc_name'],
        filters: { data_year: 'eq', cbsa: 'eq', gnrc_name: 'eq', brnd_name: 'eq' },
      },
    },
  },
  loadPriority: 2,
});
