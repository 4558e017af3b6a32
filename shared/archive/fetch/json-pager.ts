import type { JsonScan, JsonStreamOptions } from '../../formats/json-stream';
import { pathText } from '../../formats/json-stream';
import type { JsonApiSourceUrl, JsonPaging } from '../../sources/types';

/**
 * The paging contract of each JSON API strategy, as pure functions: which request is made for a
 * page given the cursor, what to read from a page, and which cursor (if any) comes next. The
 * fetcher (./json-api.ts) does the I/O. Two shapes:
 *
 * - a cursor pager asks for page after page, each request derived from what the previous page
 *   said (a token or an offset); the cursor is what a cut-short run resumes from;
 * - a list pager first reads an index that lists the files of the set, then fetches them in order;
 *   the cursor is the position in that list, and the list's digest says whether a later run may
 *   resume it (an index that lists other files starts the set over).
 */
export interface CursorPager {
  kind: 'cursor';
  strategy: JsonPaging['strategy'];
  /** What to read from each page. */
  scan: JsonStreamOptions;
  /** The request for the page with this cursor (null: the first page). */
  request(base: URL, cursor: string | null): URL;
  /** The cursor of the page after this one, or null when this page was the last. */
  next(cursor: string | null, scan: JsonScan): string | null;
}

export interface ListedFile {
  url: URL;
  /** Elements the index says the file holds, when it says (a check on the page). */
  expectedItems: number | null;
}

export interface ListPager {
  kind: 'list';
  strategy: JsonPaging['strategy'];
  /** What to read from the index: the listing array and the values kept in the manifest. */
  indexScan: JsonStreamOptions;
  /** True when the index is itself the set's first page (EDGAR's submissions JSON). */
  indexIsPage: boolean;
  /** A listed element as a file to fetch (throws on an element that names none). */
  listed(element: unknown, index: URL): ListedFile;
  /** What to read from each listed file; null for files not read (zips). */
  fileScan: JsonStreamOptions | null;
  /** Listed files are static downloads: ask with the remembered validators (ETag, Last-Modified). */
  conditional: boolean;
}

export type Pager = CursorPager | ListPager;

export class PagingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PagingError';
  }
}

/**
 * The pager of a declared JSON API. Each strategy cites the publisher's paging contract:
 *
 * - `pagetoken`, ClinicalTrials.gov API v2 (https://clinicaltrials.gov/data-api/api, GET /studies):
 *   "If response contains `nextPageToken`, use its value in `pageToken` to get next page. The last
 *   page will not contain `nextPageToken`. A page may have empty `studies` array." Every request
 *   of a walk keeps the first request's parameters except `pageSize` and `pageToken`; `pageSize`
 *   is at most 1000. So only an absent token ends the set (an empty page does not), and a token
 *   repeated is a loop, refused.
 * - `offset`, Socrata SODA (https://dev.socrata.com/docs/paging.html): "Paging is accomplished
 *   through two query parameters: $limit and $offset", and results "are not implicitly ordered,
 *   so if you're paging, make sure you provide an $order clause or at a minimum $order=:id".
 *   SODA 2.0 caps `$limit` at 50,000. A page with fewer rows than `$limit` (an empty one included)
 *   is the last. Throttling answers 429 (https://dev.socrata.com/docs/app-tokens), and an app token
 *   goes in the `X-App-Token` header, never in the URL (so it is never archived or logged).
 * - `openfda_download`, openFDA downloads (https://open.fda.gov/apis/download-api-fields/):
 *   https://api.fda.gov/download.json has, per endpoint `results.<noun>.<endpoint>`,
 *   `export_date`, `total_records` and `partitions` (each `file`, `records`, `size_mb`,
 *   `display_name`); "to keep your downloaded data up to date ... you need to download all
 *   available data files for the endpoint" (https://open.fda.gov/api/reference/). The set is every
 *   listed partition (each a zipped JSON file), fetched conditionally.
 * - `sec_edgar`, EDGAR APIs (https://www.sec.gov/search-filings/edgar-application-programming-interfaces):
 *   data.sec.gov/submissions/CIK##########.json holds the filer's most recent filings (at least a
 *   year's, or 1,000) in columnar arrays under `filings.recent`; older filings are in the files
 *   that `filings.files` lists (`name`, `filingCount`, `filingFrom`, `filingTo`), served beside it
 *   under /submissions/ in the same columnar shape. Not paged, but fair access
 *   (https://www.sec.gov/os/accessing-edgar-data) needs a declared User-Agent naming the requester
 *   with a contact address ("Sample Company Name AdminContact@<sample company domain>.com") and
 *   at most 10 requests per second.
 */
export function pagerFor(decl: JsonApiSourceUrl): Pager {
  const p = decl.paging;
  switch (p.strategy) {
    case 'pagetoken': {
      const tokenField = p.tokenField ?? 'nextPageToken';
      const tokenParam = p.tokenParam ?? 'pageToken';
      const sizeParam = p.sizeParam ?? 'pageSize';
      return {
        kind: 'cursor',
        strategy: p.strategy,
        scan: { path: p.itemsPath, pick: [[tokenField]] },
        request(base, cursor) {
          const url = new URL(base);
          url.searchParams.set(sizeParam, String(p.pageSize));
          if (cursor !== null) url.searchParams.set(tokenParam, cursor);
          else url.searchParams.delete(tokenParam);
          return url;
        },
        next(cursor, scan) {
          const token = scan.picked.get(tokenField);
          if (token === undefined || token === null || token === '') return null;
          if (typeof token !== 'string') throw new PagingError(`${tokenField} is not a string`);
          if (token === cursor) throw new PagingError(`${tokenField} repeats the token of its own request`);
          return token;
        },
      };
    }
    case 'offset':
      return {
        kind: 'cursor',
        strategy: p.strategy,
        scan: { path: p.itemsPath ?? [] },
        request(base, cursor) {
          const url = new URL(base);
          url.searchParams.set('$limit', String(p.limit));
          url.searchParams.set('$offset', cursor ?? '0');
          if (p.order) url.searchParams.set('$order', p.order);
          return url;
        },
        next(cursor, scan) {
          if (scan.count > p.limit) throw new PagingError(`${scan.count} rows on a page of $limit=${p.limit}`);
          return scan.count < p.limit ? null : String(Number(cursor ?? '0') + scan.count);
        },
      };
    case 'openfda_download': {
      const [noun, name, ...rest] = p.endpoint.split('/');
      if (!noun || !name || rest.length) throw new PagingError(`openFDA endpoint '${p.endpoint}' is not <noun>/<name>`);
      const at = ['results', noun, name];
      return {
        kind: 'list',
        strategy: p.strategy,
        indexScan: {
          path: [...at, 'partitions'],
          pick: [
            [...at, 'export_date'],
            [...at, 'total_records'],
          ],
        },
        indexIsPage: false,
        listed(element, index) {
          const e = element as { file?: unknown; records?: unknown } | null;
          if (typeof e?.file !== 'string') throw new PagingError(`a partition of ${pathText(at)} has no file URL`);
          return { url: new URL(e.file, index), expectedItems: typeof e.records === 'number' ? e.records : null };
        },
        fileScan: null,
        conditional: true,
      };
    }
    case 'sec_edgar':
      return {
        kind: 'list',
        strategy: p.strategy,
        indexScan: { path: ['filings', 'files'], pick: [['cik'], ['name']] },
        indexIsPage: true,
        listed(element, index) {
          const e = element as { name?: unknown; filingCount?: unknown } | null;
          if (typeof e?.name !== 'string' || !/^[\w.-]+\.json$/.test(e.name)) {
            throw new PagingError('an entry of filings.files has no JSON file name');
          }
          return {
            url: new URL(e.name, index),
            expectedItems: typeof e.filingCount === 'number' ? e.filingCount : null,
          };
        },
        // A continuation file is one columnar block of filings, as `filings.recent` is.
        fileScan: { path: ['accessionNumber'] },
        conditional: false,
      };
  }
}

/** The file names of a set: `<endpoint>-page-0001.json` (more digits past 9999), and its manifest. */
export const pageFileName = (endpoint: string, page: number) =>
  `${endpoint}-page-${String(page).padStart(4, '0')}.json`;
export const manifestFileName = (endpoint: string) => `${endpoint}-pages.json`;

const ENDPOINT = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** Checks what the types cannot: names, sizes, hosts. Throws PagingError naming the problem. */
export function checkDecl(decl: JsonApiSourceUrl, all: readonly JsonApiSourceUrl[]): void {
  if (!ENDPOINT.test(decl.endpoint)) throw new PagingError(`endpoint '${decl.endpoint}' is not a lowercase slug`);
  if (all.filter((d) => d.endpoint === decl.endpoint).length > 1) {
    throw new PagingError(`endpoint '${decl.endpoint}' is declared twice in the source`);
  }
  const p = decl.paging;
  if (p.strategy === 'pagetoken' && !(Number.isInteger(p.pageSize) && p.pageSize >= 1)) {
    throw new PagingError('pageSize must be a positive integer');
  }
  if (p.strategy === 'offset' && !(Number.isInteger(p.limit) && p.limit >= 1)) {
    throw new PagingError('$limit must be a positive integer');
  }
  if (decl.maxPages !== undefined && !(Number.isInteger(decl.maxPages) && decl.maxPages >= 1)) {
    throw new PagingError('maxPages must be a positive integer');
  }
}
