import type { Readable } from 'node:stream';
import type { Deps } from '../../deps';
import type { Archive } from '../ingest';
import type { IngestResult } from '../ingest-types';
import type { RequestProvenance } from '../request-provenance';
import { HttpStatusError, type Opened, openUrl } from './download';
import type { HttpClient } from './http';
import { fileNameFor } from './names';
import type { UrlPolicy } from './policy';
import { conditionalHeaders, getFetchState, putFetchState, touchFetchState } from './state';

export interface UrlContext {
  deps: Deps;
  archive: Archive;
  sourceId: string;
  runId: string;
  http: HttpClient;
  policy: UrlPolicy;
  timeoutMs: number;
  maxBytes: number;
  maxAttempts: number;
  /** First retry delay; doubles on each further attempt. */
  backoffMs: number;
  sleep: (ms: number) => Promise<void>;
  /** The fetcher's User-Agent; with the operator's contact appended for a source that requires one. */
  userAgent: string;
}

export type UrlOutcome =
  | { kind: 'not_modified'; url: string; attempts: number }
  | { kind: 'archived'; url: string; attempts: number; finalUrl: string; result: IngestResult };

/** Errors worth another attempt: network failures, 5xx and 429. Policy, size and 4xx errors are final. */
const RETRYABLE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_STREAM_PREMATURE_CLOSE',
  'Z_BUF_ERROR',
]);

/** Duck-typed, not `instanceof Error`: errors from Node's core streams may come from another realm (jest's vm). */
export function isRetryable(err: unknown): boolean {
  if (err instanceof HttpStatusError) return err.retryable;
  if (typeof err !== 'object' || err === null) return false;
  const { name, code } = err as { name?: unknown; code?: unknown };
  if (name === 'NetworkError') return true;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/**
 * Fetches one URL (registered, or followed from a listing) and archives what it returns. A 304
 * touches the remembered state; a 200 streams the body into Archive.ingest (spooled to disk there,
 * so memory stays bounded) and then remembers the validators, keyed by this URL. Retried as
 * `withRetries` says; re-ingesting after a failed attempt is safe because ingest is idempotent by
 * content hash.
 */
export function fetchUrl(ctx: UrlContext, url: string): Promise<UrlOutcome> {
  const table = ctx.deps.tables.archive;
  return withRetries(ctx, url, async (attempt) => {
    const state = await getFetchState(table, ctx.sourceId, url);
    const opened = await openUrl(url, openOptions(ctx, conditionalHeaders(state)));
    const at = ctx.deps.clock.now().toISOString();
    if (opened.status === 304) {
      await touchFetchState(table, ctx.sourceId, url, at);
      return { kind: 'not_modified', url, attempts: attempt };
    }
    const result = await ingestBody(ctx, opened.body, {
      name: fileNameFor(opened.response.headers['content-disposition'], opened.finalUrl, ctx.sourceId),
      contentType: opened.response.headers['content-type'],
      sourceUrl: opened.finalUrl.href,
    });
    await rememberFetch(ctx, url, opened, result, at);
    return { kind: 'archived', url, attempts: attempt, finalUrl: opened.finalUrl.href, result };
  });
}

/**
 * After a 200 was archived: the validators for the next conditional request, keyed by the URL
 * requested. Never before the ingest, so a failed ingest is not skipped next time by a 304.
 */
export function rememberFetch(
  ctx: UrlContext,
  url: string,
  opened: Extract<Opened, { status: 200 }>,
  result: IngestResult,
  at: string,
): Promise<void> {
  return putFetchState(ctx.deps.tables.archive, ctx.sourceId, {
    url,
    etag: opened.response.headers.etag ?? null,
    last_modified: opened.response.headers['last-modified'] ?? null,
    sha256: result.files[0]?.sha256 ?? '',
    final_url: opened.finalUrl.href,
    fetched_at: at,
    checked_at: at,
  });
}

/** The request options every fetch shares: the policy, timeouts, size cap, our User-Agent. */
export function openOptions(ctx: UrlContext, conditional: Record<string, string>, maxBytes = ctx.maxBytes) {
  return {
    http: ctx.http,
    policy: ctx.policy,
    timeoutMs: ctx.timeoutMs,
    maxBytes,
    headers: { 'user-agent': ctx.userAgent, 'accept-encoding': 'identity', ...conditional },
  };
}

/**
 * Runs one attempt after another until one succeeds: network errors, 5xx and 429 are retried with
 * exponential backoff (honouring a Retry-After up to 60 s) up to `maxAttempts`; policy, size and
 * 4xx errors end at once. The final failure is a UrlFailure carrying the attempt count.
 */
export async function withRetries<T>(ctx: UrlContext, url: string, attempt: (n: number) => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (n >= ctx.maxAttempts || !isRetryable(err)) throw new UrlFailure(err, n);
      const base = ctx.backoffMs * 2 ** (n - 1);
      const hinted =
        err instanceof HttpStatusError && err.retryAfterMs !== undefined ? Math.min(err.retryAfterMs, 60_000) : 0;
      ctx.deps.logger.warn('archive.fetch.retry', { source_id: ctx.sourceId, url, attempt: n, error: messageOf(err) });
      await ctx.sleep(Math.max(base, hinted));
    }
  }
}

/** Ingests a response body; when the body itself failed, that failure (not ingest's echo of it) is reported. */
export async function ingestBody(
  ctx: UrlContext,
  body: Readable,
  meta: { name: string; contentType?: string; sourceUrl: string; request?: RequestProvenance },
): Promise<IngestResult> {
  let bodyError: unknown;
  body.on('error', (e) => {
    bodyError ??= e;
  });
  try {
    return await ctx.archive.ingest({ sourceId: ctx.sourceId, body, origin: 'live', runId: ctx.runId, ...meta });
  } catch (err) {
    body.destroy();
    throw bodyError ?? err;
  }
}

/** The final failure of one URL, with the number of attempts made. */
export class UrlFailure extends Error {
  constructor(
    readonly error: unknown,
    readonly attempts: number,
  ) {
    super(`${messageOf(error)}${attempts > 1 ? ` (after ${attempts} attempts)` : ''}`);
    this.name = 'UrlFailure';
  }
}

export function messageOf(err: unknown): string {
  const message = typeof err === 'object' && err !== null ? (err as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : String(err);
}
