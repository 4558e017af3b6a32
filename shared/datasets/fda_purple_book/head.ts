import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations (./source.ts, ./dataset.ts) know of the parser without its code (./parser.ts, lazy). */
export const PURPLE_BOOK_PARSER_HEAD: ParserHead = { id: 'fda_purple_book/extract-csv', version: '1' };
