import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parsers without their code
 * (./parser.ts, a lazy file of the API bundles: shared/publishers/common/lazy.ts).
 */
export const MAIN_PARSER_HEAD: ParserHead = { id: 'dol_form5500/f5500-health-csv', version: '1' };
export const SCH_A_PARSER_HEAD: ParserHead = { id: 'dol_form5500/sch-a-csv', version: '1' };
export const SCH_C_PARSER_HEAD: ParserHead = { id: 'dol_form5500/sch-c-part1-item2-csv', version: '1' };
export const OWNERSHIP_PARSER_HEAD: ParserHead = { id: 'dol_form5500/ownership-json', version: '1' };
