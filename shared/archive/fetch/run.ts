import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps';
import { NotFoundError } from '../../http/errors';
import { getSource } from '../../sources/registry';
import { Archive } from '../ingest';
import { type RunRecord, recordRun } from '../runs';
import { fetchUrl, messageOf, type UrlContext } from './fetch-url';
import { type HttpClient, nodeHttpClient } from './http';
import { DEFAULT_MAX_PAGES, readJsonApi } from './json-api';
import { checkDecl } from './json-pager';
import { readListing } from './listing';
import { DEFAULT_MAX_LINKS } from './listing-links';
import type { UrlPolicy } from './policy';
import { RunTally } from './tally';

export interface FetchOptions extends UrlPolicy {
  /** Default: node:http(s). */
  http?: HttpClient;
  /** Default: a fresh UUID. */
  runId?: string;
  /** Maps a registered URL to the one requested (tests point publisher URLs at a local server). */
  rewriteUrl?: (registered: string) => string;
  /** Overrides of config.fetch. */
  maxBytes?: number;
  timeoutMs?: number;
  maxAttempts?: number;
  /** First retry delay (default 1 s), doubling per attempt. */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  archive?: Archive;
  /** Overrides every listing's cap on followed links (tests). */
  maxLinksPerListing?: number;
  /** Overrides every JSON API's cap on pages per run (tests). */
  maxPagesPerRun?: number;
  /** Overrides config.fetch.contact and config.fetch.socrataAppToken. */
  contact?: string;
  socrataAppToken?: string;
}

/**
 * One fetch run of a source (issue 3, point 5): every registered URL of the source is fetched in
 * registry order and what it returns is archived. A `listing` URL is a page that links the
 * publisher's current files: the page is archived and the links its declaration chooses are
 * fetched as files (./listing.ts), each with its own conditional-request state. A `json_api`
 * URL is read page by page under its paging strategy, each page archived with its request as
 * provenance and listed in the run's `pages`, resuming an unfinished set (./json-api.ts). The run is
 * recorded when it starts (`running`) and when it ends, as `succeeded` (every URL answered),
 * `partial` (some URLs or followed links failed or were refused, the others' files are archived
 * and kept) or `failed` (nothing answered, or the run could not proceed). One URL's failure never
 * undoes another's archived files. New versions come with their change records from
 * Archive.ingest. `files_seen` counts URLs that answered with a file (200 archived or 304
 * unchanged), listing pages and followed links included; `new_versions` counts versions this run
 * created, zip members included.
 */
export async function runFetch(deps: Deps, sourceId: string, opts: FetchOptions = {}): Promise<RunRecord> {
  const source = getSource(sourceId);
  if (!source) throw new NotFoundError(`Unknown source_id '${sourceId}'.`);
  const run: RunRecord = {
    run_id: opts.runId ?? randomUUID(),
    source_id: sourceId,
    started_at: deps.clock.now().toISOString(),
    finished_at: null,
    status: 'running',
    files_seen: 0,
    new_versions: 0,
    version_ids: [],
    errors: [],
    notes: [],
    pages: [],
  };
  const table = deps.tables.archive;
  await recordRun(table, run);
  const log = deps.logger.child({ source_id: sourceId, run_id: run.run_id });
  const contact = opts.contact ?? deps.config.fetch.contact;
  const agent = `warrant-service-archive (+${deps.config.publicBaseUrl})`;
  const ctx: UrlContext = {
    deps,
    archive: opts.archive ?? new Archive(deps),
    sourceId,
    runId: run.run_id,
    http: opts.http ?? nodeHttpClient,
    policy: {
      allowInsecureHosts: opts.allowInsecureHosts,
      acceptLicenseGates: opts.acceptLicenseGates ?? deps.config.fetch.acceptLicenseGates,
    },
    timeoutMs: opts.timeoutMs ?? deps.config.fetch.timeoutMs,
    maxBytes: opts.maxBytes ?? deps.config.fetch.maxBytes,
    maxAttempts: opts.maxAttempts ?? deps.config.fetch.maxAttempts,
    backoffMs: opts.backoffMs ?? 1000,
    sleep: opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    // A source that requires a contact (SEC fair access) gets it on every request: files and listings too.
    userAgent: source.userAgentContact && contact ? `${agent} ${contact}` : agent,
  };
  const tally = new RunTally(run, log);
  const requested = (u: string) => normalized(opts.rewriteUrl ? opts.rewriteUrl(u) : u);
  // Registered files are fetched as registered: a listing that links one does not fetch it again.
  const fetched = new Set(source.urls.filter((u) => u.kind === 'file').map((u) => requested(u.url)));
  try {
    if (source.urls.length === 0) throw new Error('the source registers no URLs to fetch');
    if (source.userAgentContact && !contact) {
      throw new Error(
        `${source.publisher} requires a User-Agent declaring a contact address (fair access): set FETCH_CONTACT to an e-mail address`,
      );
    }
    for (const registered of source.urls) {
      const url = requested(registered.url);
      fetched.add(url);
      if (registered.kind === 'listing') {
        const maxLinks = opts.maxLinksPerListing ?? registered.maxLinks ?? DEFAULT_MAX_LINKS;
        await readListing({ ctx, source, listing: registered, url, tally, fetched, maxLinks }).catch((err) =>
          tally.fail(registered.url, messageOf(err)),
        );
      } else if (registered.kind === 'json_api') {
        const apis = source.urls.filter((u) => u.kind === 'json_api');
        await Promise.resolve()
          .then(() => checkDecl(registered, apis))
          .then(() =>
            readJsonApi({
              ctx,
              decl: registered,
              url,
              tally,
              run,
              maxPages: opts.maxPagesPerRun ?? registered.maxPages ?? DEFAULT_MAX_PAGES,
              contact,
              socrataAppToken: opts.socrataAppToken ?? deps.config.fetch.socrataAppToken,
            }),
          )
          .catch((err) => tally.fail(registered.url, messageOf(err)));
      } else {
        await tally.attempt(registered.url, () => fetchUrl(ctx, url));
      }
    }
    tally.finish();
    run.status = tally.status();
  } catch (err) {
    run.status = 'failed';
    run.errors.push({ url: null, message: messageOf(err) });
  }
  run.version_ids.sort((a, b) => a - b);
  run.new_versions = run.version_ids.length;
  run.finished_at = deps.clock.now().toISOString();
  await recordRun(table, run);
  log.info('archive.fetch.run', { status: run.status, files_seen: run.files_seen, new_versions: run.new_versions });
  return run;
}

/** The URL as the WHATWG parser writes it, so a registered URL and a link to it compare equal. */
function normalized(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url; // refused with a policy error when fetched
  }
}
