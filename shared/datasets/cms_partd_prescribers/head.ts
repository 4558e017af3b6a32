import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations know of the parser without its code (./parser.ts, required on first use). */
export const PARTD_PRESCRIBER_PARSER_HEAD: ParserHead = { id: 'cms_partd_prescribers/npibn-csv', version: '1' };
