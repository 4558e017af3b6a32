import type { Deps } from '../deps';
import { FEDERAL_EXCLUSIONS } from '../exclusions/datasets';
import { type ScreenOutcome, screen } from '../exclusions/screen';
import type { Table } from '../storage/table';
import { onTimelineWrite } from '../storage/timeline-signal';
import { TtlReads } from './ttl-reads';

/**
 * The warrant's federal exclusion screen of one NPI on one date, reused like the source timelines
 * (timeline-cache.ts): for WARRANT_TIMELINE_TTL_MS after its reads started, dropped at once when
 * this process writes a catalog timeline (a list or registry version archived or loaded), and
 * shared by concurrent requests. The screen's rows belong to loaded versions and never change;
 * only which versions are in force does, and that is what the TTL bounds. At most
 * WARRANT_FACT_CACHE_ENTRIES screens are kept (at least one).
 */
const caches = new WeakMap<Table, TtlReads<ScreenOutcome>>();

function cacheOf(deps: Deps): TtlReads<ScreenOutcome> {
  const table = deps.tables.catalog;
  let c = caches.get(table);
  if (!c) {
    const { timelineTtlMs, factEntries } = deps.config.warrantCache;
    const reads = new TtlReads<ScreenOutcome>(timelineTtlMs, factEntries);
    onTimelineWrite(table, () => reads.clear());
    caches.set(table, reads);
    c = reads;
  }
  return c;
}

/** `screen(deps, [{ npi }], asOf, { state: false, federalLists: [OIG LEIE] })` through the cache. */
export function cachedFederalScreen(deps: Deps, npi: string, asOf: string): Promise<ScreenOutcome> {
  return cacheOf(deps).get(`${npi}|${asOf}`, () =>
    screen(deps, [{ npi }], asOf, { state: false, federalLists: [FEDERAL_EXCLUSIONS] }),
  );
}
