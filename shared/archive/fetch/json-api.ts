import type { JsonApiSourceUrl } from '../../sources/types';
import type { RunRecord } from '../runs';
import type { UrlContext } from './fetch-url';
import { pagerFor } from './json-pager';
import { Walk } from './json-walk';
import { walkCursor } from './json-walk-cursor';
import { walkList } from './json-walk-list';
import type { RunTally } from './tally';

export { MAX_RUN_PAGES } from './json-walk';

/** Pages of a set requested per run unless the declaration says (the index of a list strategy besides). */
export const DEFAULT_MAX_PAGES = 100;
/** EDGAR fair access: at most 10 requests per second; one every 150 ms keeps well under. */
const SEC_MIN_INTERVAL_MS = 150;

export interface JsonApiJob {
  ctx: UrlContext;
  decl: JsonApiSourceUrl;
  /** The URL requested for the declaration (the declared one, or its test rewrite). */
  url: string;
  tally: RunTally;
  run: RunRecord;
  maxPages: number;
  /** The operator's contact address for the User-Agent (required by sec_edgar). */
  contact?: string;
  socrataAppToken?: string;
}

/**
 * Reads one declared JSON API (./json-pager.ts names each strategy's contract): continues the
 * open set where the last run stopped, or begins one; archives each page with its request as
 * provenance (./json-page.ts); keeps the cursor after every page; and when the last page is in,
 * archives the set's manifest (./json-set.ts). A run stops after `maxPages` pages or once the
 * pages it fetched reach FETCH_MAX_BYTES (the per-file cap, here a per-run budget too), and the
 * next run resumes from the cursor. A failed page ends this run's walk with the cursor on it.
 */
export async function readJsonApi(job: JsonApiJob): Promise<void> {
  const pager = pagerFor(job.decl);
  const interval = Math.max(
    job.decl.minIntervalMs ?? 0,
    job.decl.paging.strategy === 'sec_edgar' ? SEC_MIN_INTERVAL_MS : 0,
  );
  const walk = new Walk(job, headersFor(job), interval);
  if (pager.kind === 'cursor') await walkCursor(walk, pager);
  else await walkList(walk, pager);
}

/**
 * The request headers of a JSON API: Accept JSON, compression allowed (decoded before archiving:
 * the bytes archived are the document's own), the fetcher's User-Agent with the operator's
 * contact when configured, which SEC EDGAR requires; the Socrata app token when asked for.
 */
function headersFor(job: JsonApiJob): Record<string, string> {
  const p = job.decl.paging;
  if (p.strategy === 'sec_edgar' && !job.contact) {
    throw new Error(
      'SEC EDGAR requires a User-Agent declaring a contact address (fair access): set FETCH_CONTACT to an e-mail address',
    );
  }
  const h: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip, deflate' };
  if (job.contact && !job.ctx.userAgent.endsWith(` ${job.contact}`))
    h['user-agent'] = `${job.ctx.userAgent} ${job.contact}`;
  if (p.strategy === 'offset' && p.appToken && job.socrataAppToken) h['x-app-token'] = job.socrataAppToken;
  return h;
}
