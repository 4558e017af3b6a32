import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./feed.ts) know of the parsers without their code (./parser.ts,
 * a lazy file of the API bundles): the national file and the facility-affiliation file, each
 * resumable (the national file has about 2.7 million rows).
 */
export const DAC_NATIONAL_HEAD: ParserHead = { id: 'cms_dac/national-csv', version: '1', resumable: true };
export const DAC_FACILITY_HEAD: ParserHead = { id: 'cms_dac/facility-affiliation-csv', version: '1', resumable: true };
