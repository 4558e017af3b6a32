import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations (./source.ts, ./dataset.ts) know of the parser without its code (./parser.ts). */
export const DIRECTORY_PARSER_HEAD: ParserHead = { id: 'state_board_directory/directory-json', version: '1' };
