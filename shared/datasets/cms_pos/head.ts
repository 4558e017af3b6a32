import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations know of the POS parser without its code (./parser.ts, a lazy file). */
export const POS_PARSER_HEAD: ParserHead = { id: 'cms_pos/pos-csv', version: '1' };
