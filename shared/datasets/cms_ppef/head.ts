import type { ParserHead } from '../../publishers/common/lazy';

/** What ./source.ts and ./feed.ts know of the parser (./parser.ts, a lazy file of the API bundles). */
export const PPEF_HEAD: ParserHead = {
  id: 'cms_ppef/enrollment-csv',
  version: '1',
  resumable: true,
};
