import { LRUCache } from 'lru-cache';
import type { Deps } from '../deps';
import { keyPk } from '../facts/keys';
import { factsLoaderVersion } from '../facts/loader-version';
import type { StoredFact } from '../facts/store';
import { deepFreeze } from '../freeze';
import type { Table } from '../storage/table';
import { factsOfVersionsInForce, loadedVersions, type SourceInForce } from './resolve';

/** What facts are looked up by: a billing code, an NPI or a ZIP code (the rural ZIP file). */
export type FactLookup = { kind: 'code' | 'npi' | 'zip'; value: string };

type Facts = readonly StoredFact[];

interface FactCache {
  lru: LRUCache<string, Facts>;
  /** Reads in flight, by (source, versions, loader versions, key): concurrent misses share one. */
  inFlight: Map<string, Promise<Map<number, Facts>>>;
}

/** One cache per facts Table object (tests run several stores in one process; they never share facts). */
const caches = new WeakMap<Table, FactCache>();

function cacheOf(deps: Deps): FactCache | undefined {
  const { factEntries: max, factBytes: maxSize } = deps.config.warrantCache;
  if (max <= 0) return undefined;
  let c = caches.get(deps.tables.facts);
  if (!c) {
    // Sized by an estimate of the facts' memory (two bytes per character of their JSON, computed
    // once when cached); a version's facts larger than the whole budget are read, never cached.
    const sizeCalculation = (facts: Facts) => Math.max(1, 2 * JSON.stringify(facts).length);
    c = { lru: new LRUCache<string, Facts>({ max, maxSize, sizeCalculation }), inFlight: new Map() };
    caches.set(deps.tables.facts, c);
  }
  return c;
}

/**
 * The cache key of a version's facts for one lookup key, or undefined when they may not be cached.
 * The facts of an archive version never change once its document's loader has marked it loaded, so
 * they are cached under (source, version, loader version, lookup key): a reload by another loader
 * is a different key, and a version is only ever asked for when the timeline says it is loaded by
 * the current loader (see timeline.ts `loaded`). Documents without a loader of their own (join
 * tables) are never cached.
 */
function cacheKey(sourceId: string, versionId: number, docId: string, key: FactLookup): string | undefined {
  const loader = factsLoaderVersion(docId);
  if (loader === undefined) return undefined;
  return `${sourceId}\u0000${versionId}\u0000${loader}\u0000${key.kind}:${key.value}`;
}

/**
 * `factsInForce` (resolve.ts), served from an in-process LRU per (source, version, loader version,
 * key): a warm lookup makes no storage request; the versions not cached yet are read with one
 * `factsOfVersionsInForce` call over just those versions, and concurrent misses of the same
 * versions and key share that read. Cached facts are frozen (every answer shares them) and
 * returned in the order `factsInForce` gives (by version id, then by sort key).
 */
export async function cachedFactsInForce(deps: Deps, key: FactLookup, s: SourceInForce): Promise<StoredFact[]> {
  const cache = cacheOf(deps);
  if (!cache) return factsOfVersionsInForce(deps, keyPk(key), s);
  const versions = loadedVersions(s);
  const parts = new Map<number, Facts>();
  const missing: number[] = [];
  for (const [id, d] of versions) {
    const k = cacheKey(s.source_id, id, d.doc_id, key);
    const hit = k === undefined ? undefined : cache.lru.get(k);
    if (hit) parts.set(id, hit);
    else missing.push(id);
  }
  if (missing.length) {
    missing.sort((a, b) => a - b);
    const loaders = missing.map((id) => factsLoaderVersion(versions.get(id)!.doc_id) ?? '-');
    const flightKey = `${s.source_id}\u0000${missing.join(',')}\u0000${loaders.join(',')}\u0000${key.kind}:${key.value}`;
    let read = cache.inFlight.get(flightKey);
    if (!read) {
      read = readVersions(deps, cache, key, s, new Set(missing));
      cache.inFlight.set(flightKey, read);
      const done = () => {
        if (cache.inFlight.get(flightKey) === read) cache.inFlight.delete(flightKey);
      };
      read.then(done, done);
    }
    for (const [id, facts] of await read) parts.set(id, facts);
  }
  return [...parts.keys()].sort((a, b) => a - b).flatMap((id) => parts.get(id)!);
}

/** Read the facts of the given loaded versions in force and cache them per version (none found: cached as none). */
async function readVersions(
  deps: Deps,
  cache: FactCache,
  key: FactLookup,
  s: SourceInForce,
  ids: ReadonlySet<number>,
): Promise<Map<number, Facts>> {
  const subset: SourceInForce = {
    ...s,
    docs: s.docs.filter((d) => d.status === 'in_force' && d.loaded && ids.has(d.version.version_id)),
  };
  const byVersion = new Map<number, StoredFact[]>([...ids].map((id) => [id, []]));
  for (const f of await factsOfVersionsInForce(deps, keyPk(key), subset)) {
    byVersion.get(f.version_id)?.push(deepFreeze(f));
  }
  const docOf = new Map(subset.docs.map((d) => [d.status === 'in_force' ? d.version.version_id : -1, d.doc_id]));
  for (const [id, facts] of byVersion) {
    Object.freeze(facts);
    const k = cacheKey(s.source_id, id, docOf.get(id) ?? '', key);
    if (k !== undefined) cache.lru.set(k, facts);
  }
  return byVersion;
}

/** Entries held for the facts table of `deps` (tests check the bound). */
export function factCacheSize(deps: Deps): number {
  return caches.get(deps.tables.facts)?.lru.size ?? 0;
}
