/** Fetch runs: download every registered URL of a source and archive what changed (issue 3, point 5). */

export { extractLinks, linkFileName } from './html-links';
export { type HttpClient, type HttpResponse, NetworkError, nodeHttpClient } from './http';
export { DEFAULT_MAX_PAGES, MAX_RUN_PAGES } from './json-api';
export { manifestFileName, type Pager, PagingError, pageFileName, pagerFor } from './json-pager';
export { getJsonCursor, type JsonCursor, passPages } from './json-state';
export { type Chosen, chooseLinks, DEFAULT_MAX_LINKS, type LinkRule, linkRule } from './listing-links';
export { checkRedirect, checkUrl, FetchPolicyError, type UrlPolicy } from './policy';
export { type FetchOptions, runFetch } from './run';
export { type FetchState, getFetchState } from './state';
