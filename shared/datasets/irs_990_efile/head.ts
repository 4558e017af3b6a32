import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parsers without their code
 * (./parser.ts, a lazy file of the API bundles: shared/publishers/common/lazy.ts). The parsers spread them.
 */
export const RETURN_PARSER_HEAD: ParserHead = { id: 'irs_990_efile/return-xml', version: '1' };
export const FILERS_PARSER_HEAD: ParserHead = { id: 'irs_990_efile/system-filers-json', version: '1' };
