import { type Readable, Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import type { HttpClient, HttpResponse } from './http';
import { checkRedirect, checkUrl, FetchPolicyError, type UrlPolicy } from './policy';

/** An HTTP status that ends the attempt; 5xx and 429 are worth retrying, other codes are not. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    url: string,
    readonly retryAfterMs?: number,
  ) {
    super(`HTTP ${status} from ${url}`);
    this.name = 'HttpStatusError';
  }
  get retryable(): boolean {
    return this.status >= 500 || this.status === 429;
  }
}

/** The body is (or would be) larger than the configured cap; never retried. */
export class SizeCapError extends Error {
  constructor(maxBytes: number, url: string) {
    super(`body of ${url} exceeds the ${maxBytes}-byte size cap`);
    this.name = 'SizeCapError';
  }
}

export type Opened =
  | { status: 304; finalUrl: URL }
  | { status: 200; finalUrl: URL; response: HttpResponse; body: Readable };

const MAX_REDIRECTS = 5;

export interface OpenOptions {
  http: HttpClient;
  policy: UrlPolicy;
  timeoutMs: number;
  maxBytes: number;
  headers: Readonly<Record<string, string>>;
}

/**
 * GETs a URL, following at most five redirects under the URL policy, and returns either a 304
 * or a 200 whose body is decoded (Content-Encoding) and capped at `maxBytes`: a declared length
 * over the cap is refused before reading, a body that grows past it fails while streaming.
 */
export async function openUrl(raw: string, o: OpenOptions): Promise<Opened> {
  let url = checkUrl(raw, o.policy);
  for (let hop = 0; ; hop++) {
    const res = await o.http.get(url, o.headers, { timeoutMs: o.timeoutMs });
    if (res.status === 304) {
      res.body.resume();
      return { status: 304, finalUrl: url };
    }
    if ([301, 302, 303, 307, 308].includes(res.status)) {
      res.body.resume();
      if (hop >= MAX_REDIRECTS) throw new FetchPolicyError(`more than ${MAX_REDIRECTS} redirects from ${raw}`);
      url = checkRedirect(url, res.headers.location, o.policy);
      continue;
    }
    if (res.status !== 200) {
      res.body.resume();
      throw new HttpStatusError(res.status, url.href, retryAfter(res.headers['retry-after']));
    }
    const declared = Number(res.headers['content-length']);
    const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding === 'identity' && Number.isFinite(declared) && declared > o.maxBytes) {
      res.body.destroy();
      throw new SizeCapError(o.maxBytes, url.href);
    }
    return {
      status: 200,
      finalUrl: url,
      response: res,
      body: capped(decoded(res.body, encoding, url), o.maxBytes, url),
    };
  }
}

function decoded(body: Readable, encoding: string, url: URL): Readable {
  const make: Record<string, () => Transform> = {
    gzip: () => zlib.createGunzip(),
    'x-gzip': () => zlib.createGunzip(),
    deflate: () => zlib.createInflate(),
    br: () => zlib.createBrotliDecompress(),
  };
  if (encoding === 'identity' || encoding === '') return body;
  const factory = make[encoding];
  if (!factory) {
    body.destroy();
    throw new FetchPolicyError(`unsupported Content-Encoding ${encoding} from ${url.href}`);
  }
  const out = factory();
  body.on('error', (e) => out.destroy(e));
  return body.pipe(out);
}

function capped(body: Readable, maxBytes: number, url: URL): Readable {
  let seen = 0;
  const gate = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new SizeCapError(maxBytes, url.href));
      else done(null, chunk);
    },
  });
  body.on('error', (e) => gate.destroy(e));
  gate.on('error', () => body.destroy());
  return body.pipe(gate);
}

function retryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
