import { defineDataset } from '../../catalog/dataset';
import { mapParser } from '../../publishers/common/resume';
import { RX_DATASET_GROUP } from '../../rx/group';
import {
  NADAC_DATASET,
  NADAC_MOVES_KEPT,
  NADAC_SERIES,
  type NadacRow,
  NadacRowSchema,
  ratePoint,
} from '../../rx/nadac-rows';
import type { NadacRecord } from './parser';
import { nadacParser } from './source';

/** Catalog rows from the weekly file's single parse (the record and its rate point). */
const nadacRowParser = mapParser<NadacRecord, NadacRow>(nadacParser, {
  id: 'medicaid_nadac/rows',
  version: `${nadacParser.version}.1`,
  map: (r) => ({ ...r, rate_point: ratePoint(r.effective_date, r.nadac_per_unit) }),
});

/**
 * The weekly NADAC files as a catalog dataset: each file is a snapshot (~33,000 NDCs). Rows are
 * found by `ndc11` (one per NDC and file); two series follow each NDC across the files, computed
 * when a file loads (merging it with the previous file in key order, a page of each in memory):
 * `rate` the (effective date, per-unit cost) pair, whose change-only history is
 * /rx/ndcs/{ndc11}/nadac, and `price` the per-unit cost, whose largest moves per file (the top
 * 1,000 by absolute and by relative change) /rx/nadac/movers ranks. No listing: nothing lists
 * every NDC of a file; the load writes three items a row (index, two series inputs).
 */
export const nadacDataset = defineDataset<NadacRow>({
  id: NADAC_DATASET,
  title: 'NADAC weekly files',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: 'medicaid_nadac', docId: 'nadac:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'medicaid_nadac' ? nadacRowParser : undefined),
  schema: NadacRowSchema,
  indexes: [{ name: 'ndc11', unique: true, keys: (r) => [r.ndc11] }],
  series: {
    [NADAC_SERIES.rate]: {
      description: 'The (effective date, per-unit cost) pair of each NDC: the change-only price series.',
      key: ['ndc11'],
      value: 'rate_point',
      type: 'string',
    },
    [NADAC_SERIES.price]: {
      description: 'The per-unit cost of each NDC: the largest weekly moves.',
      key: ['ndc11'],
      value: 'nadac_per_unit',
      type: 'number',
      top: NADAC_MOVES_KEPT,
    },
  },
});
