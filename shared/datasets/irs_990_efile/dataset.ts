import { defineDataset } from '../../catalog/dataset';
import {
  IRS990_RETURNS,
  type Irs990ReturnRow,
  Irs990ReturnRowSchema,
  SYSTEM_FILERS,
  type SystemFilerRow,
  SystemFilerRowSchema,
} from '../../systems/filing-rows';
import { filersParser, returnParser } from './source';

const SOURCE = 'irs_990_efile';

/**
 * The returns, one row each, found by filer EIN. Every return archived by a date is in force from
 * then on (supplements): the reads choose among a filer's returns of one tax period (an amended
 * return supersedes the original: shared/systems/filings.ts).
 */
export const irs990ReturnsDataset = defineDataset<Irs990ReturnRow>({
  id: IRS990_RETURNS,
  title: 'IRS Form 990 e-file returns (summary, Schedule H totals, Schedule J)',
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: 'irs990:1', mode: 'supplement' }],
  parserFor: (f) => (f.source_id === SOURCE && f.doc_id === 'irs990:1' ? returnParser : undefined),
  schema: Irs990ReturnRowSchema,
  indexes: [{ name: 'ein', keys: (r) => [r.ein] }],
  // A filed return does not lapse: a return of 2019 still states 2019.
  freshness: 'identity',
});

/** The curated system-to-filer table, one snapshot per archived edition, found by AHRQ system id. */
export const systemFilersDataset = defineDataset<SystemFilerRow>({
  id: SYSTEM_FILERS,
  title: 'Health-system filer links (curated: AHRQ system id to EINs, with citations)',
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: 'irs990:2', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === SOURCE && f.doc_id === 'irs990:2' ? filersParser : undefined),
  schema: SystemFilerRowSchema,
  indexes: [{ name: 'system', unique: true, keys: (r) => [r.system_id] }],
  freshness: 'identity',
});
