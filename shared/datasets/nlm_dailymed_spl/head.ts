import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parsers without their code
 * (./parser.ts, a lazy file of the API bundles). One parser per kind of SPL: the labels of the
 * release and update bundles, and the pharmacologic class indexing SPLs.
 */
export const LABEL_PARSER_HEAD: ParserHead = { id: 'nlm_dailymed_spl/label-spl-bundle', version: '1' };
export const PHARM_CLASS_PARSER_HEAD: ParserHead = { id: 'nlm_dailymed_spl/pharm-class-spl-bundle', version: '1' };
