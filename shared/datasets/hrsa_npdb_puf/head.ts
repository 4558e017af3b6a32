import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations (./source.ts, ./dataset.ts) know of the parser without its code (./parser.ts). */
export const NPDB_PARSER_HEAD: ParserHead = { id: 'hrsa_npdb_puf/puf-csv', version: '1' };
