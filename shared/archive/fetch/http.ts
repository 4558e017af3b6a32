import * as http from 'node:http';
import * as https from 'node:https';
import type { Readable } from 'node:stream';

/**
 * The HTTP port of the fetcher: one GET, no redirect following (the fetcher applies its own
 * redirect policy hop by hop), the body handed over as a stream so large files never sit in
 * memory. Tests and alternative transports inject their own implementation.
 */
export interface HttpResponse {
  status: number;
  /** Lower-case header names; repeated headers joined with ", ". */
  headers: Readonly<Record<string, string>>;
  /** Must be consumed or destroyed by the caller. */
  body: Readable;
}

export interface HttpClient {
  get(url: URL, headers: Readonly<Record<string, string>>, opts: { timeoutMs: number }): Promise<HttpResponse>;
}

/** A network-level failure (connection refused or reset, idle timeout): worth retrying. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/**
 * node:http(s) client. `timeoutMs` is an idle timeout on the socket: it covers connecting,
 * waiting for headers and every stall while the body streams, but not the total transfer time,
 * so a 2 GiB file that keeps flowing is never cut off.
 */
export const nodeHttpClient: HttpClient = {
  get(url, headers, { timeoutMs }) {
    const mod = url.protocol === 'https:' ? https : http;
    return new Promise<HttpResponse>((resolve, reject) => {
      const req = mod.request(url, { method: 'GET', headers: { ...headers }, timeout: timeoutMs });
      let response: http.IncomingMessage | undefined;
      req.on('timeout', () => {
        const err = new NetworkError(`no data from ${url.host} for ${timeoutMs} ms`, 'ETIMEDOUT');
        response?.destroy(err); // a stall mid-body fails the body stream with this error
        req.destroy(err);
      });
      req.on('error', (err: NodeJS.ErrnoException) =>
        reject(err instanceof NetworkError ? err : new NetworkError(err.message, err.code)),
      );
      req.on('response', (res) => {
        response = res;
        res.on('error', () => {}); // surfaced to whoever reads the stream (pipeline), never unhandled
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) {
          if (v !== undefined) flat[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
        }
        resolve({ status: res.statusCode ?? 0, headers: flat, body: res });
      });
      req.end();
    });
  },
};
