import type { Table } from '../../storage/table';

/**
 * What the fetcher remembers per registered URL, for conditional requests (RFC 9110 §13.1:
 * If-None-Match from the last ETag, If-Modified-Since from the last Last-Modified). Archive table:
 * pk `FETCHSTATE#<source_id>`, sk = the registered URL. Written only after the bytes were
 * archived, so a failed ingest is never skipped next time by a 304.
 */
export interface FetchState {
  url: string;
  etag: string | null;
  last_modified: string | null;
  /** sha256 of the bytes last archived from this URL. */
  sha256: string;
  /** The URL the bytes came from after redirects. */
  final_url: string;
  fetched_at: string;
  checked_at: string;
}

export const fetchStatePk = (sourceId: string) => `FETCHSTATE#${sourceId}`;

export async function getFetchState(table: Table, sourceId: string, url: string): Promise<FetchState | undefined> {
  const item = await table.get({ pk: fetchStatePk(sourceId), sk: url }, { consistent: true });
  if (!item) return undefined;
  return {
    url,
    etag: (item.etag as string | null | undefined) ?? null,
    last_modified: (item.last_modified as string | null | undefined) ?? null,
    sha256: String(item.sha256 ?? ''),
    final_url: String(item.final_url ?? url),
    fetched_at: String(item.fetched_at ?? ''),
    checked_at: String(item.checked_at ?? ''),
  };
}

export async function putFetchState(table: Table, sourceId: string, state: FetchState): Promise<void> {
  await table.put({ pk: fetchStatePk(sourceId), sk: state.url, ...state });
}

/** Records that the publisher answered 304 for the URL at this time. */
export async function touchFetchState(table: Table, sourceId: string, url: string, at: string): Promise<void> {
  await table.update({ pk: fetchStatePk(sourceId), sk: url }, { set: { checked_at: at }, ifExists: true });
}

/** Conditional-request headers for a URL with a remembered state. */
export function conditionalHeaders(state: FetchState | undefined): Record<string, string> {
  const h: Record<string, string> = {};
  if (state?.etag) h['if-none-match'] = state.etag;
  if (state?.last_modified) h['if-modified-since'] = state.last_modified;
  return h;
}
