import { parseSpendingByDrug, type SpendingRecord } from '../../publishers/cms/spending-by-drug';
import type { PublisherParser } from '../../publishers/common/types';
import { MEDICAID_SPENDING_PARSER_HEAD } from './head';

/**
 * Medicaid Spending by Drug, the wide CSV (shared/publishers/cms/spending-by-drug.ts: years read
 * from the header): one record per brand × manufacturer (or `Overall`) × year, with the
 * claim-weighted spending per dosage unit; no beneficiary columns (null, `not_published`).
 */
export const medicaidSpendingParser: PublisherParser<SpendingRecord> = {
  ...MEDICAID_SPENDING_PARSER_HEAD,
  parse: (input) => parseSpendingByDrug(input, 'medicaid', MEDICAID_SPENDING_PARSER_HEAD.id),
  codesOf: () => [],
};
