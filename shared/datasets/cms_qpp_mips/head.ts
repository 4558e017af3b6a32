import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations know of the parser without its code (./parser.ts, required on first use). */
export const MIPS_PARSER_HEAD: ParserHead = { id: 'cms_qpp_mips/score-csv', version: '1' };
