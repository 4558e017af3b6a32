import type { ParserHead } from '../../publishers/common/lazy';

/**
 * What the declarations (./source.ts, ./feed.ts) know of the parser without its code (./parser.ts,
 * a lazy file of the API bundles: shared/publishers/common/lazy.ts). The parser spreads it.
 */
export const HCAI_PROJECTS_PARSER_HEAD: ParserHead = { id: 'ca_hcai_construction_projects/projects-csv', version: '1' };
