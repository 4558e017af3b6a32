import type { Readable } from 'node:stream';
import type { ListingSourceUrl, SourceDecl } from '../../sources/types';
import { blobKey } from '../keys';
import { openUrl } from './download';
import { fetchUrl, openOptions, rememberFetch, type UrlContext, type UrlOutcome, withRetries } from './fetch-url';
import { extractLinks, linkFileName } from './html-links';
import { chooseLinks, type LinkRule, linkRule } from './listing-links';
import { fileNameFor } from './names';
import { conditionalHeaders, getFetchState, touchFetchState } from './state';
import type { RunTally } from './tally';

/** A listing page is parsed in memory, so it gets a cap of its own (below the file cap). */
export const LISTING_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Refused links reported one by one per listing; the rest are counted in one entry, so a page
 * with thousands of refused links cannot push the run record past DynamoDB's 400 KB item limit.
 */
export const MAX_REFUSALS_REPORTED = 20;

/** A fetched listing page: the outcome as for any URL, plus the HTML and the URL it came from. */
export type ListingOutcome = UrlOutcome & { html: string; page: URL };

/**
 * Fetches a listing page like any file (conditional request, retries, size cap, https-only
 * redirects) and archives it as a file (the evidence of what the page linked). On a 304 the page
 * is read back from the archive, so its links are followed even when it did not change.
 */
export function fetchListingPage(ctx: UrlContext, url: string): Promise<ListingOutcome> {
  const table = ctx.deps.tables.archive;
  const maxBytes = Math.min(ctx.maxBytes, LISTING_MAX_BYTES);
  return withRetries(ctx, url, async (attempt) => {
    const state = await getFetchState(table, ctx.sourceId, url);
    let opened = await openUrl(url, openOptions(ctx, conditionalHeaders(state), maxBytes));
    const at = ctx.deps.clock.now().toISOString();
    if (opened.status === 304) {
      const kept = state?.sha256 ? await ctx.deps.blobs.getBuffer(blobKey(state.sha256)).catch(() => null) : null;
      if (state && kept) {
        await touchFetchState(table, ctx.sourceId, url, at);
        const page = new URL(state.final_url);
        return { kind: 'not_modified', url, attempts: attempt, html: kept.toString('utf8'), page };
      }
      opened = await openUrl(url, openOptions(ctx, {}, maxBytes)); // the kept copy is gone: ask for the page itself
      if (opened.status === 304) throw new Error(`${url} answered 304 to an unconditional request`);
    }
    const bytes = await readAll(opened.body);
    const result = await ctx.archive.ingest({
      sourceId: ctx.sourceId,
      body: bytes,
      name: fileNameFor(opened.response.headers['content-disposition'], opened.finalUrl, ctx.sourceId),
      contentType: opened.response.headers['content-type'],
      sourceUrl: opened.finalUrl.href,
      origin: 'live',
      runId: ctx.runId,
    });
    await rememberFetch(ctx, url, opened, result, at);
    return {
      kind: 'archived',
      url,
      attempts: attempt,
      finalUrl: opened.finalUrl.href,
      result,
      html: bytes.toString('utf8'),
      page: opened.finalUrl,
    };
  });
}

export interface ListingJob {
  ctx: UrlContext;
  source: SourceDecl;
  listing: ListingSourceUrl;
  /** The URL requested for the listing (the registered one, or its test rewrite). */
  url: string;
  tally: RunTally;
  /** URLs this run has requested (or will: registered files), so no link is fetched twice. */
  fetched: Set<string>;
  maxLinks: number;
}

/**
 * Reads one registered listing: fetches and archives the page, reads its release pages (`via`)
 * one level down, and fetches each chosen file as a file URL (archived, its own conditional
 * state). Everything lands in the run's tally: a refused link or a failed download is a failure
 * of that link only; links over the cap, taken in page order, are reported as a note.
 */
export async function readListing(job: ListingJob): Promise<void> {
  const { ctx, listing, tally } = job;
  const top = await tally.attempt(listing.url, () => fetchListingPage(ctx, job.url), { page: true });
  if (!top) return;
  const rule = linkRule(job.source, listing, [new URL(job.url).host], ctx.policy);
  const refusals = { reported: 0, more: 0 };
  const choose = (page: ListingOutcome, r: LinkRule) => chooseReporting(job, page, r, refusals);
  const chosen = choose(top, rule);
  const pages = capped(job, fresh(chosen.pages, job.fetched), 'release page');
  const files = [...chosen.files];
  const below: LinkRule = { ...rule, isPage: () => false, hosts: [...rule.hosts, top.page.host] };
  for (const p of pages) {
    job.fetched.add(p.href);
    const sub = await tally.attempt(p.href, () => fetchListingPage(ctx, p.href), { page: true });
    if (sub) files.push(...choose(sub, below).files);
  }
  if (refusals.more > 0) {
    tally.fail(
      listing.url,
      `${refusals.more} more link(s) refused, not listed one by one (the first ${MAX_REFUSALS_REPORTED} are)`,
    );
  }
  for (const f of capped(job, fresh(files, job.fetched), 'file')) {
    job.fetched.add(f.href);
    await tally.attempt(f.href, () => fetchUrl(ctx, f.href));
  }
}

function chooseReporting(
  job: ListingJob,
  page: ListingOutcome,
  rule: LinkRule,
  refusals: { reported: number; more: number },
) {
  const chosen = chooseLinks(extractLinks(page.html, page.page), page.page, rule);
  for (const r of chosen.refused) {
    if (refusals.reported >= MAX_REFUSALS_REPORTED) refusals.more++;
    else {
      refusals.reported++;
      job.tally.fail(r.url, r.reason);
    }
  }
  return chosen;
}

/** Links not requested yet in this run, each once, in page order. */
function fresh(links: readonly URL[], fetched: ReadonlySet<string>): URL[] {
  const seen = new Set<string>();
  return links.filter((u) => !fetched.has(u.href) && !seen.has(u.href) && seen.add(u.href));
}

function capped(job: ListingJob, links: URL[], what: string): URL[] {
  if (links.length <= job.maxLinks) return links;
  const left = links.slice(job.maxLinks);
  const names = left.slice(0, 10).map(linkFileName).join(', ');
  job.tally.note(
    job.listing.url,
    `link cap: ${left.length} ${what} link(s) beyond the first ${job.maxLinks} on the page not followed: ${names}${left.length > 10 ? ', ...' : ''}`,
  );
  return links.slice(0, job.maxLinks);
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
