import type { Deps } from '../deps';
import { type Page, type PageParams, pageTable } from '../http/paging';
import type { CatalogDataset } from './dataset';
import { specsOf } from './declaration';
import { namespaceOf, rowPk, tokenPk, versionBounds } from './keys';
import type { CatalogVersion } from './timeline';
import type { StoredRow } from './writer';

const toStored = (i: Record<string, unknown>): StoredRow => ({
  source_id: String(i.source_id),
  version_id: Number(i.version_id),
  record: Number(i.record),
  value: (i.value as Record<string, unknown>) ?? {},
});

/**
 * One version's rows in the dataset's default order (its sort key, then the record number, so
 * pages never repeat or skip), with equality filters on the listing's filter attributes.
 */
export function listVersion(
  deps: Deps,
  dataset: CatalogDataset,
  version: CatalogVersion,
  p: PageParams,
  filter: Record<string, string> = {},
): Promise<Page<StoredRow>> {
  if (!dataset.listing) throw new Error(`dataset ${dataset.id} keeps no listing`);
  const ns = namespaceOf(dataset.id, version.generation);
  return pageTable(deps.tables.catalog, rowPk(ns, version.version_id), p, toStored, {
    filter: Object.keys(filter).length ? filter : undefined,
  });
}

/**
 * Rows carrying a search token in the given versions (one query over the versions' id range,
 * filtered to exactly those versions). Unordered: the caller orders the merged result.
 */
export async function rowsWithToken(
  deps: Deps,
  dataset: CatalogDataset,
  token: string,
  versions: readonly CatalogVersion[],
  filter: Record<string, string> = {},
): Promise<StoredRow[]> {
  if (specsOf(dataset).tokenFilters) {
    throw new Error(`${dataset.id}: token items are search entries without values (read them with queryListing)`);
  }
  // One query per loader generation in use (usually one): each has its own token partition.
  const byNs = new Map<string, Set<number>>();
  for (const v of versions) {
    const ns = namespaceOf(dataset.id, v.generation);
    byNs.set(ns, (byNs.get(ns) ?? new Set()).add(v.version_id));
  }
  const out: StoredRow[] = [];
  for (const [ns, ids] of byNs) {
    const items = await deps.tables.catalog.queryAll(tokenPk(ns, token), {
      between: versionBounds(Math.min(...ids), Math.max(...ids)),
      filter: Object.keys(filter).length ? filter : undefined,
    });
    out.push(...items.map(toStored).filter((r) => ids.has(r.version_id)));
  }
  return out;
}
