import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parsers without their code (./parser.ts,
 * a lazy file of the API bundles: shared/publishers/common/lazy.ts). Each parser spreads its head.
 */
export const RPT_PARSER_HEAD: ParserHead = { id: 'cms_hcris_hosp10/rpt-csv', version: '1', resumable: true };
export const NMRC_PARSER_HEAD: ParserHead = { id: 'cms_hcris_hosp10/nmrc-csv', version: '1', resumable: true };
export const ALPHA_PARSER_HEAD: ParserHead = { id: 'cms_hcris_hosp10/alpha-csv', version: '1', resumable: true };
export const PROVIDER_PARSER_HEAD: ParserHead = { id: 'cms_hcris_hosp10/provider-id-info-csv', version: '1' };
