import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations know of the estimates parser without its code (./parser.ts, a lazy file). */
export const PEP_PARSER_HEAD: ParserHead = { id: 'census_pep_cbsa/cbsa-est-alldata', version: '1' };

/** The vintage file as the Census Bureau names it: `cbsa-est2024-alldata.csv`. */
export const PEP_FILE = /^cbsa-est(\d{4})-alldata\.csv$/i;

/** OMB's delineation file as the Census Bureau serves it (`list1_2023.xlsx`). */
export const DELINEATION_FILE = /^list1_(\d{4})\.xlsx$/i;
