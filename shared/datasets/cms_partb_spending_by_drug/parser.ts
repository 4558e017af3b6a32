import { parseSpendingByDrug, type SpendingRecord } from '../../publishers/cms/spending-by-drug';
import type { PublisherParser } from '../../publishers/common/types';
import { PARTB_SPENDING_PARSER_HEAD } from './head';

/**
 * Medicare Part B Spending by Drug, the wide CSV (shared/publishers/cms/spending-by-drug.ts: years
 * read from the header): one record per HCPCS code × brand × manufacturer (or `Overall`) × year,
 * HCPCS_Cd required, beneficiary counts blank under 11 (suppressed).
 */
export const partbSpendingParser: PublisherParser<SpendingRecord> = {
  ...PARTB_SPENDING_PARSER_HEAD,
  parse: (input) => parseSpendingByDrug(input, 'part_b', PARTB_SPENDING_PARSER_HEAD.id),
  codesOf: () => [],
};
