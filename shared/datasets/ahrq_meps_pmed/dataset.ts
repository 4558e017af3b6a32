import { defineDataset } from '../../catalog/dataset';
import { mapParser } from '../../publishers/common/resume';
import { RX_DATASET_GROUP } from '../../rx/group';
import {
  MEPS_MIN_SAMPLE,
  MEPS_MIX_DATASET,
  MEPS_PERSONS_DATASET,
  MEPS_ROLLUPS,
  type MepsMixRow,
  MepsMixRowSchema,
  personKey,
} from '../../rx/meps-rows';
import type { MepsPersonDrugRecord, MepsPersonRecord } from './head';
import { fycParser, pmedParser } from './source';

/**
 * The persons of each year's full-year consolidated file: found by data year and DUPERSID, read
 * by the mix rows' placer (loads first). Each year's file is a supplement: every year released by
 * a date is in force on it.
 */
export const mepsPersonsDataset = defineDataset<MepsPersonRecord>({
  id: MEPS_PERSONS_DATASET,
  title: 'MEPS full-year consolidated persons (age, coverage, weight)',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: 'ahrq_meps_pmed', docId: 'meps:2', mode: 'supplement' }],
  parserFor: (f) => (f.source_id === 'ahrq_meps_pmed' && f.doc_id === 'meps:2' ? fycParser : undefined),
  indexes: [{ name: 'person', keys: (r) => [personKey(r.data_year, r.dupersid)] }],
  loadPriority: 1,
});

/** A person-by-drug record as a stored row before its placement. */
export function toMixRow(r: MepsPersonDrugRecord): MepsMixRow {
  return {
    data_year: r.data_year,
    dupersid: r.dupersid,
    drug: r.drug,
    segment: 'not_linked',
    fills: r.fills,
    person_weight: r.person_weight,
    weighted_fills: r.fills * r.person_weight,
    weighted_expenditure: r.expenditure * r.person_weight,
    weighted_out_of_pocket: r.out_of_pocket * r.person_weight,
    placed_with: 'none',
    locator: r.locator,
  };
}

const rowParser = mapParser<MepsPersonDrugRecord, MepsMixRow>(pmedParser, {
  id: 'ahrq_meps_pmed/mix-rows',
  version: `${pmedParser.version}.1`,
  map: toMixRow,
});

const MEASURES = {
  persons: { op: 'count' },
  weighted_persons: { op: 'sum', field: 'person_weight' },
  fills: { op: 'sum', field: 'fills' },
  weighted_fills: { op: 'sum', field: 'weighted_fills' },
  weighted_expenditure: { op: 'sum', field: 'weighted_expenditure' },
  weighted_out_of_pocket: { op: 'sum', field: 'weighted_out_of_pocket' },
} as const;

const byFills = { field: 'weighted_fills', type: 'number' } as const;

/**
 * The prescribed-medicines files as a catalog dataset: one row per sampled person and drug a year
 * (the parser sums the person's fills), placed in the person's segment from the same year's
 * consolidated file as it loads (shared/rx/meps-place.ts), and rolled up at load per (year,
 * segment, drug) and (year, drug), with the per-segment and per-year totals the shares divide by.
 * A rollup row's count is its sample persons (one row per person and drug), so groups under
 * MEPS_MIN_SAMPLE persons are withheld by the kit. No index: nothing reads one person's rows.
 */
export const mepsMixDataset = defineDataset<MepsMixRow>({
  id: MEPS_MIX_DATASET,
  title: 'MEPS prescribed medicines: weighted drug mix',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: 'ahrq_meps_pmed', docId: 'meps:1', mode: 'supplement' }],
  parserFor: (f) => (f.source_id === 'ahrq_meps_pmed' && f.doc_id === 'meps:1' ? rowParser : undefined),
  schema: MepsMixRowSchema,
  indexes: [],
  placer: async (deps, version) =>
    (require('../../rx/meps-place') as typeof import('../../rx/meps-place')).openMepsPlacer(deps, version),
  rollups: {
    [MEPS_ROLLUPS.bySegment]: {
      description: 'Sample and weighted persons, fills and payments per data year, segment and drug.',
      groupBy: ['data_year', 'segment', 'drug'],
      measures: MEASURES,
      suppressBelow: MEPS_MIN_SAMPLE,
      listing: {
        sort: byFills,
        direction: 'desc',
        partitionBy: ['data_year', 'segment'],
        filters: { data_year: 'eq', segment: 'eq', drug: 'eq' },
      },
    },
    [MEPS_ROLLUPS.all]: {
      description: 'The same per data year and drug, every segment together.',
      groupBy: ['data_year', 'drug'],
      measures: MEASURES,
      suppressBelow: MEPS_MIN_SAMPLE,
      listing: {
        sort: byFills,
        direction: 'desc',
        partitionBy: ['data_year'],
        filters: { data_year: 'eq', drug: 'eq' },
      },
    },
    [MEPS_ROLLUPS.segmentTotals]: {
      description: 'Totals per data year and segment (the denominators of the shares).',
      groupBy: ['data_year', 'segment'],
      measures: MEASURES,
      listing: { sort: { field: 'segment', type: 'string' }, filters: { data_year: 'eq', segment: 'eq' } },
    },
    [MEPS_ROLLUPS.allTotals]: {
      description: 'Totals per data year.',
      groupBy: ['data_year'],
      measures: MEASURES,
      listing: { sort: { field: 'data_year', type: 'number' }, filters: { data_year: 'eq' } },
    },
  },
  loadPriority: 2,
});
