/** Fetch runs: download every registered URL of a source and archive what changed (issue 3, point 5). */

export { type HttpClient, type HttpResponse, NetworkError, nodeHttpClient } from './http';
export { checkRedirect, checkUrl, FetchPolicyError, type UrlPolicy } from './policy';
export { type FetchOptions, runFetch } from './run';
export { type FetchState, getFetchState } from './state';
