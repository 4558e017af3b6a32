import { LRUCache } from 'lru-cache';
import type { Deps } from '../deps';
import { deepFreeze } from '../freeze';
import type { Table } from '../storage/table';
import type { CatalogVersion } from './timeline';

/**
 * An in-process LRU of whole listings (`readWholeListing`, query.ts): the reads that join, sort or
 * sum a bounded list whole (the HRRP, MSSP and REACH lists, signal rollups, trial windows) read it
 * once per process and version set instead of on every request.
 *
 * Safe because what is cached never changes: the rows of a version are written under its loader
 * generation and read only once that version is marked loaded by the dataset's current loader, so
 * (dataset, loader version, listing, filters, direction, scan bound, each version with its
 * generation) names the same items for as long as the process lives. A new version, a reload under
 * another generation or a new loader is another key. A version without a generation (not read
 * through the in-force view) is never cached. One cache per catalog Table object (tests run several
 * stores in one process), sized by an estimate of the items' memory (`CATALOG_LIST_CACHE_MB`);
 * cached items are frozen, every caller gets its own array, and concurrent misses of one key share
 * one read.
 */
interface ListingCache {
  lru: LRUCache<string, readonly object[]>;
  inFlight: Map<string, Promise<readonly object[]>>;
}

const caches = new WeakMap<Table, ListingCache>();

function cacheOf(deps: Deps): ListingCache | undefined {
  const maxSize = deps.config.catalogCache.listBytes;
  if (maxSize <= 0) return undefined;
  let c = caches.get(deps.tables.catalog);
  if (!c) {
    const sizeCalculation = (rows: readonly object[]) => Math.max(1, 2 * JSON.stringify(rows).length);
    c = { lru: new LRUCache<string, readonly object[]>({ maxSize, sizeCalculation }), inFlight: new Map() };
    caches.set(deps.tables.catalog, c);
  }
  return c;
}

/** The key of a whole listing, or undefined when one of its versions has no loader generation. */
export function wholeListingKey(
  dataset: { id: string; loaderVersion: string },
  listing: string,
  versions: readonly CatalogVersion[],
  options: { filters?: unknown; direction?: string; maxScanned?: number },
): string | undefined {
  if (versions.some((v) => v.generation === undefined)) return undefined;
  const ids = versions.map((v) => `${v.source_id}:${v.version_id}:${v.generation}`).sort();
  return JSON.stringify([
    dataset.id,
    dataset.loaderVersion,
    listing,
    ids,
    options.filters ?? null,
    options.direction ?? null,
    options.maxScanned ?? null,
  ]);
}

/** The rows under `key`, read by `read` on a miss (never cached when `key` is undefined or the cache is off). */
export async function cachedListing<T extends object>(
  deps: Deps,
  key: string | undefined,
  read: () => Promise<T[]>,
): Promise<T[]> {
  const cache = key === undefined ? undefined : cacheOf(deps);
  if (!cache || key === undefined) return read();
  const hit = cache.lru.get(key);
  if (hit) return [...(hit as readonly T[])];
  let pending = cache.inFlight.get(key);
  if (!pending) {
    pending = read()
      .then((rows) => {
        const frozen = deepFreeze(rows) as readonly object[];
        cache.lru.set(key, frozen);
        return frozen;
      })
      .finally(() => cache.inFlight.delete(key));
    cache.inFlight.set(key, pending);
  }
  return [...((await pending) as readonly T[])];
}

/** Listings held for the catalog table of `deps` (tests check hits and the bound). */
export function listingCacheSize(deps: Deps): number {
  return caches.get(deps.tables.catalog)?.lru.size ?? 0;
}
