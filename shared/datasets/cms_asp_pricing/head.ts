import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parsers without their code
 * (./parser.ts, a lazy file of the API bundles: shared/publishers/common/lazy.ts).
 */
export const LIMITS_PARSER_HEAD: ParserHead = { id: 'cms_asp_pricing/limits-508-csv', version: '1' };
export const CROSSWALK_PARSER_HEAD: ParserHead = { id: 'cms_asp_pricing/crosswalk-508-csv', version: '1' };
