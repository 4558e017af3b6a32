import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./feed.ts) know of the parser without its code (./parser.ts,
 * a lazy file of the API bundles: shared/publishers/common/lazy.ts). The parser spreads it.
 */
export const TN_CON_PARSER_HEAD: ParserHead = { id: 'tn_hfc_con/con-projects-xlsx', version: '1' };
