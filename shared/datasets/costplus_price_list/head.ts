import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parsers without their code
 * (./parser.ts, a lazy file of the API bundles: shared/publishers/common/lazy.ts).
 */
export const LISTING_PARSER_HEAD: ParserHead = { id: 'costplus_price_list/listing-json', version: '1' };
export const FORMULA_PARSER_HEAD: ParserHead = { id: 'costplus_price_list/pricing-formula-json', version: '1' };
