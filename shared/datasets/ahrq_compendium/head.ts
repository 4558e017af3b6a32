import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the two parsers without their code
 * (./parser.ts, a lazy file of the API bundles: shared/publishers/common/lazy.ts). The parsers spread them.
 */
export const COMPENDIUM_SYSTEMS_PARSER_HEAD: ParserHead = { id: 'ahrq_compendium/system-csv', version: '1' };
export const COMPENDIUM_LINKAGE_PARSER_HEAD: ParserHead = { id: 'ahrq_compendium/hospital-linkage-csv', version: '1' };
