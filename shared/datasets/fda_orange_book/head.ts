import type { ParserHead } from '../../publishers/common/lazy';
import type { ObTable } from '../../rx/approvals-rows';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parsers without their code
 * (./parser.ts, a lazy file of the API bundles: shared/publishers/common/lazy.ts).
 */
export const obHead = (table: ObTable): ParserHead => ({ id: `fda_orange_book/${table}-txt`, version: '1' });
