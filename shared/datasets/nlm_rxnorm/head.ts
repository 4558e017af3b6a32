import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parsers without their code
 * (./parser.ts, a lazy file of the API bundles: shared/publishers/common/lazy.ts). One parser per
 * RRF file of the release.
 */
export const CONSO_HEAD: ParserHead = { id: 'nlm_rxnorm/rxnconso-rrf', version: '1' };
export const SAT_HEAD: ParserHead = { id: 'nlm_rxnorm/rxnsat-ndc-rrf', version: '1' };
export const REL_HEAD: ParserHead = { id: 'nlm_rxnorm/rxnrel-ingredients-rrf', version: '1' };
