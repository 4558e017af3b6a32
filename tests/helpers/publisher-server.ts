import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 standing in for publishers: it serves files at
 * `/<host><path>` of their registered URLs, answers conditional requests (ETag, Last-Modified)
 * with 304, and lets a test script failures per path (status codes, dropped connections,
 * stalls, redirects). Every request is logged with its headers.
 */
export interface ServedFile {
  body: Buffer;
  etag?: string;
  lastModified?: string;
  contentType?: string;
  /** Send the body chunked, without Content-Length. */
  chunked?: boolean;
  contentDisposition?: string;
}

/** Return true when the request was answered by the script; n counts requests to this path (from 1). */
export type Script = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => boolean;

export interface RequestLog {
  path: string;
  headers: http.IncomingHttpHeaders;
  status: number;
}

export interface PublisherServer {
  base: string;
  files: Map<string, ServedFile>;
  scripts: Map<string, Script>;
  log: RequestLog[];
  hits(path: string): RequestLog[];
  /** Registered https URL -> this server's URL for it. */
  rewrite(url: string): string;
  close(): Promise<void>;
}

export async function startPublisherServer(): Promise<PublisherServer> {
  const files = new Map<string, ServedFile>();
  const scripts = new Map<string, Script>();
  const log: RequestLog[] = [];
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const n = (counts.get(path) ?? 0) + 1;
    counts.set(path, n);
    res.on('finish', () => log.push({ path, headers: req.headers, status: res.statusCode }));
    res.on('close', () => {
      if (!res.writableFinished) log.push({ path, headers: req.headers, status: -1 });
    });
    if (scripts.get(path)?.(req, res, n)) return;
    const f = files.get(path);
    if (!f) {
      res.writeHead(404).end('not found');
      return;
    }
    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    const fresh = f.etag ? inm === f.etag : Boolean(f.lastModified && ims === f.lastModified);
    const headers: Record<string, string> = { 'content-type': f.contentType ?? 'application/octet-stream' };
    if (f.etag) headers.etag = f.etag;
    if (f.lastModified) headers['last-modified'] = f.lastModified;
    if (f.contentDisposition) headers['content-disposition'] = f.contentDisposition;
    if (fresh) {
      res.writeHead(304, headers).end();
      return;
    }
    if (!f.chunked) headers['content-length'] = String(f.body.length);
    res.writeHead(200, headers);
    res.end(f.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    files,
    scripts,
    log,
    hits: (path) => log.filter((l) => l.path === path),
    rewrite: (url) => {
      const u = new URL(url);
      return `${base}/${u.host}${u.pathname}${u.search}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
