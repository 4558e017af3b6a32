import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type JsonScan, JsonShapeError, type JsonStreamOptions, scanJson } from '../../formats/json-stream';
import { fileKey } from '../keys';
import type { RequestProvenance } from '../request-provenance';
import { spool } from '../spool';
import { openUrl } from './download';
import { ingestBody, openOptions, rememberFetch, type UrlContext, type UrlOutcome, withRetries } from './fetch-url';
import { conditionalHeaders, getFetchState, touchFetchState } from './state';

/** What a page request needs: the exact URL, how the page is read, named and described. */
export interface PageRequest {
  url: URL;
  /** Added to the fetcher's headers (Accept, the declared User-Agent, an app token). */
  headers: Readonly<Record<string, string>>;
  /** Read the body as JSON (spooled to disk first, then streamed); null: archive it as it comes (a zip). */
  scan: JsonStreamOptions | null;
  /** Keep the values of the scanned array (an index's list of files: small by nature). */
  collect?: boolean;
  /** Ask with the validators remembered for this URL (static files). */
  conditional: boolean;
  /** The name the file is archived under. */
  name(finalUrl: URL, disposition: string | undefined): string;
  /**
   * The request's provenance, once the page is read (scan null when not scanned): where the
   * strategy says what comes next, and may refuse the page (PagingError) before it is archived.
   */
  describe(read: { scan: JsonScan | null; elements: unknown[]; finalUrl: URL }): RequestProvenance;
}

export interface PageFacts {
  name: string;
  sha256: string;
  size: number;
  notModified: boolean;
  scan: JsonScan | null;
  elements: unknown[];
  provenance: RequestProvenance;
}

export type PageOutcome = UrlOutcome & { page: PageFacts };

/**
 * Requests one page under the fetch policy (https only, at most five redirects, idle timeout, size
 * cap FETCH_MAX_BYTES, retries with backoff on network errors, 5xx and 429 honouring Retry-After)
 * and archives it with its request as provenance. A JSON page is spooled to a temporary file and
 * read there with the streaming JSON reader (never parsed whole), so a malformed page (not JSON,
 * cut short, without the declared array) is refused before anything is archived and is not
 * retried: it fails the run's request, and the set's cursor stays on it for the next run.
 */
export function fetchPage(ctx: UrlContext, req: PageRequest): Promise<PageOutcome> {
  const url = req.url.href;
  const table = ctx.deps.tables.archive;
  return withRetries(ctx, url, async (attempt) => {
    const state = req.conditional ? await getFetchState(table, ctx.sourceId, url) : undefined;
    const base = openOptions(ctx, conditionalHeaders(state));
    const opened = await openUrl(url, { ...base, headers: { ...base.headers, ...req.headers } });
    const at = ctx.deps.clock.now().toISOString();
    if (opened.status === 304) {
      if (!state?.sha256) throw new Error(`${url} answered 304 without a remembered copy`);
      await touchFetchState(table, ctx.sourceId, url, at);
      const finalUrl = new URL(state.final_url);
      const provenance = req.describe({ scan: null, elements: [], finalUrl });
      const name = req.name(finalUrl, undefined);
      const size = Number((await table.get(fileKey(state.sha256)))?.size ?? 0);
      const page = { name, sha256: state.sha256, size, notModified: true, scan: null, elements: [], provenance };
      return { kind: 'not_modified', url, attempts: attempt, page };
    }
    const name = req.name(opened.finalUrl, opened.response.headers['content-disposition']);
    const meta = { name, contentType: opened.response.headers['content-type'], sourceUrl: opened.finalUrl.href };
    let read: { scan: JsonScan | null; elements: unknown[] } = { scan: null, elements: [] };
    let provenance: RequestProvenance;
    let result: Awaited<ReturnType<typeof ingestBody>>;
    if (req.scan) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json-page-'));
      try {
        const spooled = await spool(opened.body, path.join(dir, 'page'));
        read = await readPage(spooled.path, req.scan, req.collect ?? false);
        provenance = req.describe({ ...read, finalUrl: opened.finalUrl });
        result = await ctx.archive.ingest({
          sourceId: ctx.sourceId,
          body: () => fs.createReadStream(spooled.path),
          origin: 'live',
          runId: ctx.runId,
          request: provenance,
          ...meta,
        });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    } else {
      provenance = req.describe({ ...read, finalUrl: opened.finalUrl });
      result = await ingestBody(ctx, opened.body, { ...meta, request: provenance });
    }
    if (req.conditional) await rememberFetch(ctx, url, opened, result, at);
    const top = result.files[0]!;
    const page = { name, sha256: top.sha256, size: top.size, notModified: false, ...read, provenance };
    return { kind: 'archived', url, attempts: attempt, finalUrl: opened.finalUrl.href, result, page };
  });
}

async function readPage(file: string, scan: JsonStreamOptions, collect: boolean) {
  const elements: unknown[] = [];
  try {
    const read = await scanJson(fs.createReadStream(file), {
      ...scan,
      onElement: collect ? (e) => elements.push(e.value) : undefined,
    });
    return { scan: read, elements };
  } catch (err) {
    if (err instanceof JsonShapeError) throw new JsonShapeError(`malformed page: ${err.message}`, err.offset);
    throw err;
  }
}
