import type { UrlContext } from '../../../shared/archive/fetch/fetch-url';
import {
  checkDecl,
  manifestFileName,
  PagingError,
  pageFileName,
  pagerFor,
} from '../../../shared/archive/fetch/json-pager';
import { manifestBytes } from '../../../shared/archive/fetch/json-set';
import type { JsonScan } from '../../../shared/formats/json-stream';
import type { JsonApiSourceUrl, JsonPaging } from '../../../shared/sources/types';

/** The paging contracts as pure functions: requests, next cursors, refusals. */
const decl = (paging: JsonPaging, over: Partial<JsonApiSourceUrl> = {}): JsonApiSourceUrl => ({
  url: 'https://api.example.gov/items?q=x',
  kind: 'json_api',
  endpoint: 'items',
  paging,
  ...over,
});
const scan = (count: number, picked: Record<string, unknown> = {}): JsonScan => ({
  count,
  picked: new Map(Object.entries(picked)),
});
const cursorPager = (p: JsonPaging) => {
  const pager = pagerFor(decl(p));
  if (pager.kind !== 'cursor') throw new Error('expected a cursor pager');
  return pager;
};
const listPager = (p: JsonPaging) => {
  const pager = pagerFor(decl(p));
  if (pager.kind !== 'list') throw new Error('expected a list pager');
  return pager;
};
const base = new URL('https://api.example.gov/items?q=x');

describe('JSON API pagers', () => {
  it('pagetoken: keeps the first request’s query, adds pageSize and the token; only an absent token ends', () => {
    const p = cursorPager({ strategy: 'pagetoken', pageSize: 1000, itemsPath: ['studies'] });
    expect(p.scan).toEqual({ path: ['studies'], pick: [['nextPageToken']] });
    expect(p.request(base, null).href).toBe('https://api.example.gov/items?q=x&pageSize=1000');
    expect(p.request(base, 'NF0g5J').href).toBe('https://api.example.gov/items?q=x&pageSize=1000&pageToken=NF0g5J');
    expect(p.next(null, scan(1000, { nextPageToken: 'a' }))).toBe('a');
    // "A page may have empty studies array": an empty page with a token is not the end.
    expect(p.next('a', scan(0, { nextPageToken: 'b' }))).toBe('b');
    expect(p.next('b', scan(3))).toBeNull();
    expect(p.next('b', scan(3, { nextPageToken: '' }))).toBeNull();
    expect(() => p.next('b', scan(3, { nextPageToken: 'b' }))).toThrow(PagingError);
    expect(() => p.next('b', scan(3, { nextPageToken: 7 }))).toThrow(/not a string/);
  });

  it('pagetoken: other parameter names when declared', () => {
    const p = cursorPager({
      strategy: 'pagetoken',
      pageSize: 50,
      itemsPath: ['data', 'rows'],
      tokenField: 'next',
      tokenParam: 'cursor',
      sizeParam: 'size',
    });
    expect(p.request(base, 'c1').href).toBe('https://api.example.gov/items?q=x&size=50&cursor=c1');
    expect(p.next('c1', scan(50, { next: 'c2' }))).toBe('c2');
  });

  it('offset: $limit, $offset and $order; a short or empty page is the last', () => {
    const p = cursorPager({ strategy: 'offset', limit: 50000, order: ':id' });
    expect(p.scan).toEqual({ path: [] });
    const first = p.request(base, null);
    expect([...first.searchParams]).toEqual([
      ['q', 'x'],
      ['$limit', '50000'],
      ['$offset', '0'],
      ['$order', ':id'],
    ]);
    expect(p.request(base, '100000').searchParams.get('$offset')).toBe('100000');
    expect(p.next(null, scan(50000))).toBe('50000');
    expect(p.next('50000', scan(49999))).toBeNull();
    expect(p.next('100000', scan(0))).toBeNull();
    expect(() => p.next('0', scan(50001))).toThrow(/50001 rows/);
  });

  it('openfda_download: reads the declared endpoint’s partitions and keeps its export date', () => {
    const p = listPager({ strategy: 'openfda_download', endpoint: 'device/510k' });
    expect(p.indexScan).toEqual({
      path: ['results', 'device', '510k', 'partitions'],
      pick: [
        ['results', 'device', '510k', 'export_date'],
        ['results', 'device', '510k', 'total_records'],
      ],
    });
    expect(p.indexIsPage).toBe(false);
    expect(p.conditional).toBe(true);
    const index = new URL('https://api.fda.gov/download.json');
    const f = p.listed(
      { file: 'https://download.open.fda.gov/device/510k/device-510k-0001-of-0001.json.zip', records: 9 },
      index,
    );
    expect([f.url.href, f.expectedItems]).toEqual([
      'https://download.open.fda.gov/device/510k/device-510k-0001-of-0001.json.zip',
      9,
    ]);
    expect(() => p.listed({ display_name: 'x' }, index)).toThrow(/no file URL/);
    expect(() => pagerFor(decl({ strategy: 'openfda_download', endpoint: 'drug' }))).toThrow(/<noun>\/<name>/);
  });

  it('sec_edgar: the submissions JSON is page 1; filings.files are read beside it', () => {
    const p = listPager({ strategy: 'sec_edgar' });
    expect(p.indexIsPage).toBe(true);
    expect(p.indexScan.path).toEqual(['filings', 'files']);
    expect(p.fileScan).toEqual({ path: ['accessionNumber'] });
    const index = new URL('https://data.sec.gov/submissions/CIK0000320193.json');
    const f = p.listed({ name: 'CIK0000320193-submissions-001.json', filingCount: 1204 }, index);
    expect([f.url.href, f.expectedItems]).toEqual([
      'https://data.sec.gov/submissions/CIK0000320193-submissions-001.json',
      1204,
    ]);
    // A listed name never leaves the submissions folder.
    expect(() => p.listed({ name: '../../evil.json' }, index)).toThrow(PagingError);
    expect(() => p.listed({ name: 'https://elsewhere.example/x.json' }, index)).toThrow(PagingError);
  });

  it('names pages and manifests stably, and checks declarations', () => {
    expect(pageFileName('ctgov-studies', 1)).toBe('ctgov-studies-page-0001.json');
    expect(pageFileName('ctgov-studies', 12345)).toBe('ctgov-studies-page-12345.json');
    expect(manifestFileName('ctgov-studies')).toBe('ctgov-studies-pages.json');
    const ok = decl({ strategy: 'offset', limit: 10 });
    expect(() => checkDecl(ok, [ok])).not.toThrow();
    expect(() => checkDecl({ ...ok, endpoint: 'Bad Name' }, [])).toThrow(/lowercase slug/);
    expect(() => checkDecl(ok, [ok, ok])).toThrow(/declared twice/);
    expect(() => checkDecl(decl({ strategy: 'offset', limit: 0 }), [])).toThrow(/\$limit/);
    expect(() => checkDecl(decl({ strategy: 'pagetoken', pageSize: 1.5, itemsPath: [] }), [])).toThrow(/pageSize/);
    expect(() => checkDecl({ ...ok, maxPages: 0 }, [])).toThrow(/maxPages/);
  });

  it('writes the same manifest bytes for the same pages, whatever run or order of index values', () => {
    const ctx = { sourceId: 's' } as UrlContext;
    const d = decl({ strategy: 'offset', limit: 10 });
    const pages = [{ page: 1, name: 'items-page-0001.json', sha256: 'a'.repeat(64), size: 10, items: 10 }];
    const a = manifestBytes({ ctx, decl: d, index: { b: 1, a: 2 } }, pages);
    const b = manifestBytes({ ctx, decl: d, index: { a: 2, b: 1 } }, pages);
    expect(a.equals(b)).toBe(true);
    expect(JSON.parse(a.toString())).toEqual({
      kind: 'json_api_pages',
      version: 1,
      source_id: 's',
      endpoint: 'items',
      request: 'https://api.example.gov/items?q=x',
      strategy: 'offset',
      index: { a: 2, b: 1 },
      items: 10,
      pages,
    });
  });
});
