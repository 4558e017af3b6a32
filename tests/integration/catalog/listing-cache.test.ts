import { countRequests } from '../../../bench/sdk-counter';
import { requireDataset } from '../../../shared/catalog/datasets';
import { listingCacheSize } from '../../../shared/catalog/listing-cache';
import { readWholeListing } from '../../../shared/catalog/query';
import { viewOf } from '../../../shared/catalog/view';
import { parseConfig } from '../../../shared/config';
import type { Clock } from '../../../shared/deps';
import { HRRP_SUPPLEMENTAL } from '../../../shared/vbc/hrrp-rows';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * The whole-listing cache (shared/catalog/listing-cache.ts) on the real engines: a list a joined
 * read takes whole is read from storage once per version set, is never changed by a caller, and
 * follows the versions in force (another date, another version set, another read).
 */
const clock: Clock = { now: () => new Date('2025-06-15T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('whole-listing cache', () => {
  const world = catalogWorld(['cms_hrrp', 'cms_hrrp_supplemental'], clock, 90_000);
  const get = world.get;

  it('reads the lists once per version set: a repeated page makes no catalog query, another year does', async () => {
    const first = await get('/vbc/hrrp?as_of=2024-03-01&sort=payment_reduction_pct');
    expect(first.status).toBe(200);
    const counter = countRequests([world.h.deps.clients.dynamodb]);
    try {
      const again = await get('/vbc/hrrp?as_of=2024-03-01&sort=ccn&penalized=true');
      expect(again.status).toBe(200);
      expect(again.body.items.map((i: Json) => i.ccn)).toEqual(['010099', '050777', '450999']);
      const listingQueries = () => counter.calls.filter((c) => c.table === 'catalog' && c.operation === 'QueryCommand');
      expect(listingQueries()).toEqual([]);
      counter.reset();
      // FY 2025 is another pair of versions: read from storage, and its own answer.
      const next = await get('/vbc/hrrp?as_of=2024-11-01');
      expect(next.body.sources.map((s: Json) => s.publisher_version)).toEqual(['FY 2025', 'FY 2025']);
      expect(listingQueries().length).toBeGreaterThan(0);
    } finally {
      counter.stop();
    }
    expect(listingCacheSize(world.h.deps)).toBe(4);
  });

  it('cached items are frozen and each caller gets its own array', async () => {
    const view = await viewOf(world.h.deps, requireDataset(HRRP_SUPPLEMENTAL), '2024-03-01');
    const a = await readWholeListing(world.h.deps, view.dataset, 'hospitals', { versions: view });
    const b = await readWholeListing(world.h.deps, view.dataset, 'hospitals', { versions: view });
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
    a.reverse();
    expect(b[0]!.value.ccn).toBe('010099');
    expect(Object.isFrozen(b[0]!.value)).toBe(true);
    expect(() => {
      (b[0]!.value as Record<string, unknown>).ccn = 'changed';
    }).toThrow(TypeError);
  });

  it('is off with CATALOG_LIST_CACHE_MB=0', async () => {
    const off = { ...world.h.deps, config: parseConfig({ STORAGE: 'local', CATALOG_LIST_CACHE_MB: '0' }) };
    const view = await viewOf(off, requireDataset(HRRP_SUPPLEMENTAL), '2024-03-01');
    const counter = countRequests([world.h.deps.clients.dynamodb]);
    try {
      await readWholeListing(off, view.dataset, 'hospitals', { versions: view });
      expect(counter.calls.filter((c) => c.table === 'catalog').length).toBeGreaterThan(0);
    } finally {
      counter.stop();
    }
  });
});
