import type * as http from 'node:http';
import { SOURCE_MODULES } from '../../shared/datasets/index.generated';
import { installModules } from '../../shared/datasets/install';
import type { DocDecl, JsonApiSourceUrl, SourceDecl } from '../../shared/sources/types';
import { NO_READING } from '../../shared/sources/version-labels';
import type { PublisherServer } from './publisher-server';

/**
 * Test-only JSON API sources: declared here, installed beside the real registry for one test and
 * removed after (`restoreSources`), so no real source is registered for them.
 */
export function jsonApiSource(sourceId: string, urls: JsonApiSourceUrl[], docs: DocDecl[]): SourceDecl {
  return {
    sourceId,
    title: `JSON API test source ${sourceId}`,
    publisher: 'tests',
    license: { name: 'test data' },
    thirdPartyLicensedDescriptors: false,
    cadence: { cadence: 'daily' },
    accuracyClass: 'reference',
    registeredOn: '2026-01-01',
    urls,
    docs,
    versionMethod: 'none',
    readVersion: () => NO_READING,
  };
}

export function installTestSources(...sources: SourceDecl[]): void {
  installModules([...SOURCE_MODULES, ...sources.map((source) => ({ source }))]);
}

export function restoreSources(): void {
  installModules(SOURCE_MODULES);
}

export interface JsonAnswer {
  status?: number;
  body?: unknown;
  /** Raw bytes instead of `body` (a malformed page, a zip). */
  raw?: Buffer;
  headers?: Record<string, string>;
}

/**
 * Serves a JSON API at `path` of the publisher server: `answer` sees the request's URL (query
 * included) and the number of requests to this path so far, and its headers are logged by the server.
 */
export function serveJson(
  server: PublisherServer,
  path: string,
  answer: (url: URL, n: number, req: http.IncomingMessage) => JsonAnswer,
): void {
  server.scripts.set(path, (req, res, n) => {
    const a = answer(new URL(req.url ?? '/', 'http://x'), n, req);
    const body = a.raw ?? Buffer.from(JSON.stringify(a.body ?? null));
    res.writeHead(a.status ?? 200, {
      'content-type': 'application/json',
      'content-length': String(body.length),
      ...a.headers,
    });
    res.end(body);
    return true;
  });
}
