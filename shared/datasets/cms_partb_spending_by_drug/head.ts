import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations (./source.ts, ./feed.ts) know of the parser without its code (./parser.ts, lazy). */
export const PARTB_SPENDING_PARSER_HEAD: ParserHead = { id: 'cms_partb_spending_by_drug/dsd-csv', version: '1' };
