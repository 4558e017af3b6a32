import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parser without its code (./parser.ts,
 * a lazy file of the API bundles: shared/publishers/common/lazy.ts). The parser spreads it.
 */
export const ENFORCEMENT_PARSER_HEAD: ParserHead = { id: 'openfda_drug_enforcement/json', version: '1' };
