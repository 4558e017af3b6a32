import type { RequestProvenance, RunPage } from '../request-provenance';
import type { JsonApiJob } from './json-api';
import { fetchPage, type PageOutcome, type PageRequest } from './json-page';
import { getJsonCursor, type JsonCursor, putPassPage } from './json-state';

/** Pages listed one by one in a run record; the rest are counted in a note (DynamoDB's 400 KB item limit). */
export const MAX_RUN_PAGES = 100;

/**
 * One run's walk over one declared JSON API: its saved cursor state, the run's limits (pages per
 * run, the byte budget, the pace between requests), and how each page is requested through the
 * run's tally and recorded (in the set, and in the run record). The strategies' walks are
 * ./json-walk-cursor.ts (token and offset) and ./json-walk-list.ts (openFDA, EDGAR).
 */
export class Walk {
  /** Requests made by this walk, and those that were pages of the set (the cap counts these). */
  requests = 0;
  private pages = 0;
  private bytes = 0;
  private unlisted = 0;
  readonly table;
  readonly endpoint: string;

  constructor(
    readonly job: JsonApiJob,
    readonly headers: Record<string, string>,
    private readonly interval: number,
  ) {
    this.table = job.ctx.deps.tables.archive;
    this.endpoint = job.decl.endpoint;
  }

  now() {
    return this.job.ctx.deps.clock.now().toISOString();
  }

  async state(): Promise<JsonCursor> {
    const saved = await getJsonCursor(this.table, this.job.ctx.sourceId, this.endpoint);
    return (
      saved ?? {
        endpoint: this.endpoint,
        pass_id: null,
        pass_started_at: null,
        next_page: 1,
        cursor: null,
        list_digest: null,
        updated_at: this.now(),
        completed_pass_id: null,
        completed_at: null,
        manifest_sha256: null,
        completed_pages: null,
      }
    );
  }

  begin(s: JsonCursor, listDigest: string | null = null): JsonCursor {
    return {
      ...s,
      pass_id: this.job.ctx.runId,
      pass_started_at: this.now(),
      next_page: 1,
      cursor: null,
      list_digest: listDigest,
    };
  }

  /** True when this run may request another page of the set; says so in the notes when it may not. */
  async mayRequest(s: JsonCursor): Promise<boolean> {
    const { ctx, decl, tally } = this.job;
    const cap = this.pages >= this.job.maxPages ? `${this.job.maxPages} page(s)` : null;
    const budget = this.bytes >= ctx.maxBytes ? `${this.bytes} bytes (FETCH_MAX_BYTES)` : null;
    if (cap || budget) {
      tally.inform(
        decl.url,
        `${this.endpoint}: run stopped after ${cap ?? budget}; the set begun by run ${s.pass_id} resumes at page ${s.next_page} (cursor ${s.cursor ?? 'none'}) on the next run`,
      );
      return false;
    }
    if (this.requests > 0 && this.interval > 0) await ctx.sleep(this.interval);
    return true;
  }

  /** One request through the run's tally; the error is kept for the caller (undefined on failure). */
  async request(req: PageRequest, inSet = true): Promise<{ out?: PageOutcome; error?: unknown }> {
    let error: unknown;
    const out = await this.job.tally.attempt(
      req.url.href,
      () =>
        fetchPage(this.job.ctx, req).catch((err: unknown) => {
          error = err;
          throw err;
        }),
      { set: true },
    );
    this.requests++;
    if (inSet) this.pages++;
    if (out?.kind === 'archived') this.bytes += out.page.size; // a 304 downloads nothing
    return { out, error };
  }

  provenance(page: number, url: URL, cursor: string | null, next: string | null, items: number | null) {
    const { ctx, decl } = this.job;
    return {
      url: url.href,
      endpoint: this.endpoint,
      strategy: decl.paging.strategy,
      page,
      cursor,
      next_cursor: next,
      items,
      run_id: ctx.runId,
      pass_id: ctx.runId,
      requested_at: this.now(),
    } satisfies RequestProvenance;
  }

  /** Lists a page in the run record (bounded by MAX_RUN_PAGES) and, when it is a page of the set, in the set. */
  async record(s: JsonCursor, out: PageOutcome, inSet: boolean): Promise<void> {
    const p = out.page;
    if (inSet) {
      await putPassPage(this.table, this.job.ctx.sourceId, this.endpoint, s.pass_id!, {
        page: p.provenance.page,
        name: p.name,
        sha256: p.sha256,
        size: p.size,
        items: p.provenance.items,
      });
    }
    const { run_id: _, ...request } = p.provenance;
    const entry: RunPage = {
      ...request,
      url: request.url.length > 500 ? `${request.url.slice(0, 500)}...` : request.url,
      name: p.name,
      sha256: p.sha256,
      size: p.size,
      not_modified: p.notModified,
    };
    if (this.job.run.pages.length < MAX_RUN_PAGES) this.job.run.pages.push(entry);
    else this.unlisted++;
  }

  /** Ends the walk: the pages the run record could not list are counted in one note. */
  finish(): void {
    if (this.unlisted > 0) {
      this.job.tally.inform(
        this.job.decl.url,
        `${this.endpoint}: ${this.unlisted} more page(s) archived but not listed in this run record (it lists ${MAX_RUN_PAGES}; the set's manifest lists every page)`,
      );
    }
  }

  /** The walk as a set job, with what the index gave for the manifest. */
  setJob(index: Record<string, unknown> = {}) {
    return { ...this.job, index };
  }
}
