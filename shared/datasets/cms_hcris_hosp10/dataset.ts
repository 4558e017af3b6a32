import { defineDataset } from '../../catalog/dataset';
import {
  cellsKey,
  HCRIS_CELLS,
  HCRIS_PROVIDERS,
  HCRIS_REPORTS,
  type HcrisCellsRow,
  type HcrisProviderRow,
  type HcrisReportRow,
} from '../../hospitals/hcris-rows';
import { alphaParser, nmrcParser, providerParser, rptParser } from './source';

const SOURCE = 'cms_hcris_hosp10';

/**
 * The RPT table: cost reports found by CCN. Each fiscal year's file is a supplement (every year
 * released on a date is in force; the service keeps the latest refresh of each year).
 */
export const hcrisReportsDataset = defineDataset<HcrisReportRow>({
  id: HCRIS_REPORTS,
  title: 'HCRIS hospital cost reports (RPT)',
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: 'hcris:1', mode: 'supplement' }],
  parserFor: (f) => (f.source_id === SOURCE && f.doc_id === 'hcris:1' ? rptParser : undefined),
  indexes: [{ name: 'ccn', keys: (r) => [r.ccn] }],
});

/**
 * NMRC and ALPHA cells of worksheets G, S-10 and A, stored per report and worksheet (`<RPT_REC_NUM>:<WKSHT_CD>`):
 * an answer reads one key, never the file. Rows are runs of consecutive cells (./cells.ts).
 */
export const hcrisCellsDataset = defineDataset<HcrisCellsRow>({
  id: HCRIS_CELLS,
  title: 'HCRIS hospital cost report cells (NMRC, ALPHA) of worksheets G, S-10 and A',
  loaderVersion: '1',
  docs: [
    { sourceId: SOURCE, docId: 'hcris:2', mode: 'supplement' },
    { sourceId: SOURCE, docId: 'hcris:3', mode: 'supplement' },
  ],
  parserFor: (f) =>
    f.source_id !== SOURCE
      ? undefined
      : f.doc_id === 'hcris:2'
        ? nmrcParser
        : f.doc_id === 'hcris:3'
          ? alphaParser
          : undefined,
  indexes: [{ name: 'sheet', keys: (r) => [cellsKey(r.rpt_rec_num, r.worksheet)] }],
});

/** HOSPITAL10_PROVIDER_ID_INFO.CSV: provider names and addresses by CCN (a snapshot). */
export const hcrisProvidersDataset = defineDataset<HcrisProviderRow>({
  id: HCRIS_PROVIDERS,
  title: 'HCRIS hospital provider ID info',
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: 'hcris:4', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === SOURCE && f.doc_id === 'hcris:4' ? providerParser : undefined),
  indexes: [{ name: 'ccn', unique: true, keys: (r) => [r.ccn] }],
  // Names and addresses do not lapse: read as loaded whatever the age of the file.
  freshness: 'identity',
});
