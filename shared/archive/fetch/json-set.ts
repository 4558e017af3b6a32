import type { JsonApiSourceUrl } from '../../sources/types';
import type { RunRecord } from '../runs';
import type { UrlContext } from './fetch-url';
import { manifestFileName } from './json-pager';
import { type JsonCursor, passPages } from './json-state';
import type { RunTally } from './tally';

/**
 * Pages of a JSON API are members of one set, not versions of a document. The as-of rule picks one
 * version in force on a date; pages are parts of one snapshot, so a page as a version would make
 * each page in turn "the" document (and send one change per page), and a walk cut short would be
 * served as if it were complete. Instead the pages are files without a document (as listing pages
 * are), each with its request as provenance, and a complete walk is archived last as a manifest
 * naming every page by sha256: the manifest is the version, in force as a whole or not at all. A
 * reader replays a set from its manifest, then each page by sha256, and cites an element by its
 * page's sha256 and byte offset (shared/formats/json-stream.ts).
 */
export interface SetJob {
  ctx: UrlContext;
  decl: JsonApiSourceUrl;
  tally: RunTally;
  run: RunRecord;
  /** Values the index gave for the set (openFDA: the endpoint's export_date and total_records). */
  index: Record<string, unknown>;
}

/**
 * The manifest of a complete set: what the set is (source, endpoint, declared request, strategy)
 * and every page in order by name, sha256, size and item count. It holds nothing of the walk that
 * produced it (no run ids, times, tokens or exact URLs: those are each page's provenance), so the
 * same pages make the same bytes: an unchanged API gives the same manifest, archived once, and a
 * later run only records that it saw it again.
 */
export function manifestBytes(
  job: Pick<SetJob, 'ctx' | 'decl' | 'index'>,
  pages: { page: number; name: string; sha256: string; size: number; items: number | null }[],
): Buffer {
  const counted = pages.every((p) => p.items !== null);
  const manifest = {
    kind: 'json_api_pages',
    version: 1,
    source_id: job.ctx.sourceId,
    endpoint: job.decl.endpoint,
    request: job.decl.url,
    strategy: job.decl.paging.strategy,
    index: Object.fromEntries(Object.entries(job.index).sort(([a], [b]) => (a < b ? -1 : 1))),
    items: counted ? pages.reduce((n, p) => n + (p.items ?? 0), 0) : null,
    pages: pages.map((p) => ({ page: p.page, name: p.name, sha256: p.sha256, size: p.size, items: p.items })),
  };
  return Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
}

/**
 * Completes the open set once its last page is archived: reads the set's pages (1..N; with one
 * missing the set is closed unfinished and begins again next run), archives the manifest `<endpoint>-pages.json` through the run's tally (so a new
 * version is noted like any file's), and closes the pass in the cursor state. Returns the state.
 */
export async function completeSet(job: SetJob, s: JsonCursor): Promise<JsonCursor> {
  const { ctx, decl, tally } = job;
  const pages = await passPages(ctx.deps.tables.archive, ctx.sourceId, decl.endpoint, s.pass_id!);
  const gap = pages.findIndex((p, i) => p.page !== i + 1);
  if (gap >= 0) {
    tally.fail(
      decl.url,
      `${decl.endpoint}: page ${gap + 1} of the set begun by run ${s.pass_id} is missing; the set starts over on the next run`,
    );
    return { ...s, pass_id: null, pass_started_at: null, next_page: 1, cursor: null, list_digest: null };
  }
  const bytes = manifestBytes(job, pages);
  const name = manifestFileName(decl.endpoint);
  const out = await tally.attempt(decl.url, async () => {
    const result = await ctx.archive.ingest({
      sourceId: ctx.sourceId,
      body: bytes,
      name,
      contentType: 'application/json',
      sourceUrl: decl.url,
      origin: 'live',
      runId: ctx.runId,
    });
    return { kind: 'archived' as const, url: decl.url, attempts: 1, finalUrl: decl.url, result };
  });
  if (!out) return s; // the manifest failed: the pass stays open at its end, the next run completes it
  const top = out.result.files[0]!;
  tally.inform(
    decl.url,
    `${decl.endpoint}: set complete, ${pages.length} page(s) from run ${s.pass_id}; manifest ${name} ${top.sha256}${top.docId ? ` (${top.docId}${top.newVersion ? ', new version' : ', seen again'})` : ' (no document of the source matches it)'}`,
  );
  return {
    ...s,
    pass_id: null,
    pass_started_at: null,
    next_page: 1,
    cursor: null,
    list_digest: null,
    updated_at: ctx.deps.clock.now().toISOString(),
    completed_pass_id: s.pass_id,
    completed_at: ctx.deps.clock.now().toISOString(),
    manifest_sha256: top.sha256,
    completed_pages: pages.length,
  };
}
