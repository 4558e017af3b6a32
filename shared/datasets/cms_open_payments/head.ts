import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations know of the parser without its code (./parser.ts, required on first use). */
export const OPEN_PAYMENTS_PARSER_HEAD: ParserHead = { id: 'cms_open_payments/dtl-csv', version: '1' };
