import { parseSpendingByDrug, type SpendingRecord } from '../../publishers/cms/spending-by-drug';
import type { PublisherParser } from '../../publishers/common/types';
import { PARTD_SPENDING_PARSER_HEAD } from './head';

/**
 * Medicare Part D Spending by Drug, the wide CSV (shared/publishers/cms/spending-by-drug.ts: years
 * read from the header): one record per brand × manufacturer (or `Overall`) × year, with the
 * claim-weighted spending per dosage unit and beneficiary counts (blank under 11: suppressed).
 */
export const partdSpendingParser: PublisherParser<SpendingRecord> = {
  ...PARTD_SPENDING_PARSER_HEAD,
  parse: (input) => parseSpendingByDrug(input, 'part_d', PARTD_SPENDING_PARSER_HEAD.id),
  codesOf: () => [],
};
