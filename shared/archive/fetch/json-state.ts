import type { Table } from '../../storage/table';
import { fetchStatePk } from './state';

/**
 * What the fetcher remembers per declared JSON API endpoint, beside the conditional-request state
 * of the source's URLs (same partition `FETCHSTATE#<source_id>`, sort key `json_api#<endpoint>`):
 * the open set (pass) and where its next page starts, so a run cut short (page cap, byte budget,
 * a failure) resumes there on the next run instead of starting over. Written after each page is
 * archived, never before, so a page that failed is requested again.
 *
 * The pages of a pass are items of their own (`FETCHPASS#<source_id>#<endpoint>#<pass_id>` /
 * `<page, 6 digits>`): a set of thousands of pages never crowds one item toward DynamoDB's 400 KB
 * limit, and the manifest is built from them when the set is complete.
 */
export interface JsonCursor {
  endpoint: string;
  /** The run that began the open set; null when no set is open (the next run begins one). */
  pass_id: string | null;
  pass_started_at: string | null;
  /** Page number of the next request of the open set. */
  next_page: number;
  /** The token, offset or list position of the next request; null: the set's first request. */
  cursor: string | null;
  /** List strategies: digest of the listed files the open set follows. */
  list_digest: string | null;
  updated_at: string;
  /** The last complete set: its run, when it completed, its manifest and page count. */
  completed_pass_id: string | null;
  completed_at: string | null;
  manifest_sha256: string | null;
  completed_pages: number | null;
}

/** A page of an open set, as kept until the set completes. */
export interface PassPage {
  page: number;
  name: string;
  sha256: string;
  size: number;
  items: number | null;
}

const cursorKey = (sourceId: string, endpoint: string) => ({ pk: fetchStatePk(sourceId), sk: `json_api#${endpoint}` });
const passPk = (sourceId: string, endpoint: string, passId: string) => `FETCHPASS#${sourceId}#${endpoint}#${passId}`;
const pageSk = (page: number) => String(page).padStart(6, '0');

export async function getJsonCursor(table: Table, sourceId: string, endpoint: string): Promise<JsonCursor | undefined> {
  const item = await table.get(cursorKey(sourceId, endpoint), { consistent: true });
  if (!item) return undefined;
  const str = (k: string) => (typeof item[k] === 'string' ? (item[k] as string) : null);
  const num = (k: string) => (typeof item[k] === 'number' ? (item[k] as number) : null);
  return {
    endpoint,
    pass_id: str('pass_id'),
    pass_started_at: str('pass_started_at'),
    next_page: num('next_page') ?? 1,
    cursor: str('cursor'),
    list_digest: str('list_digest'),
    updated_at: str('updated_at') ?? '',
    completed_pass_id: str('completed_pass_id'),
    completed_at: str('completed_at'),
    manifest_sha256: str('manifest_sha256'),
    completed_pages: num('completed_pages'),
  };
}

export async function putJsonCursor(table: Table, sourceId: string, c: JsonCursor): Promise<void> {
  await table.put({ ...cursorKey(sourceId, c.endpoint), ...c });
}

export async function putPassPage(table: Table, sourceId: string, endpoint: string, passId: string, p: PassPage) {
  await table.put({ pk: passPk(sourceId, endpoint, passId), sk: pageSk(p.page), ...p });
}

/** The pages of a set, in page order. */
export async function passPages(table: Table, sourceId: string, endpoint: string, passId: string): Promise<PassPage[]> {
  const items = await table.queryAll(passPk(sourceId, endpoint, passId), { consistent: true });
  return items
    .map((i) => ({
      page: Number(i.page),
      name: String(i.name),
      sha256: String(i.sha256),
      size: Number(i.size),
      items: typeof i.items === 'number' ? i.items : null,
    }))
    .sort((a, b) => a.page - b.page);
}
