import type { ParserHead } from '../../publishers/common/lazy';
import type { DafTable } from '../../rx/approvals-rows';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parsers without their code
 * (./parser.ts, a lazy file of the API bundles: shared/publishers/common/lazy.ts).
 */
export const dafHead = (table: DafTable): ParserHead => ({ id: `fda_drugsatfda/${table}-txt`, version: '1' });
