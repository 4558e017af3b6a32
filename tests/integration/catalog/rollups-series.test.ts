import { afterVersionLoaded } from '../../../shared/catalog/derived';
import { queryListing } from '../../../shared/catalog/query';
import { computeRollups } from '../../../shared/catalog/rollup';
import { largestMoves, seriesHistory } from '../../../shared/catalog/series-read';
import { compareKeys } from '../../../shared/catalog/sort-keys';
import { type CatalogVersion, markLoaded, registerVersion } from '../../../shared/catalog/timeline';
import { ValidationError } from '../../../shared/http/errors';
import { type Harness, startHarness } from '../../helpers/harness';
import { generateRows, rng, type TestRow, testDataset, version, writeVersion } from './listing-fixture';

/**
 * Issue 15 point 3: rollups and series through the real engines, against naive computations on
 * the same generated rows.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 60_000);
afterAll(() => h.close());

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)]! + s[Math.floor(s.length / 2)]!) / 2 : null;
};

function naiveRollup(rows: TestRow[]) {
  const groups = new Map<string, TestRow[]>();
  for (const r of rows) {
    const k = JSON.stringify([r.state, r.category]);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return new Map(
    [...groups].map(([k, rs]) => {
      const prices = rs.map((r) => r.price).filter((p): p is number => p !== null);
      return [
        k,
        {
          rows: rs.length,
          total: prices.length ? prices.reduce((a, b) => a + b, 0) : null,
          mean_price: prices.length ? prices.reduce((a, b) => a + b, 0) / prices.length : null,
          median_price: median(prices),
          low: prices.length ? Math.min(...prices) : null,
          high: prices.length ? Math.max(...prices) : null,
          non_null: prices.length,
        },
      ];
    }),
  );
}

async function allRows(dataset: ReturnType<typeof testDataset>, v: CatalogVersion, listing: string) {
  const out: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await queryListing(h.deps, dataset, listing, { versions: [v], limit: 5, cursor });
    out.push(...page.items.map((i) => i.value));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return out;
}

describe('rollups', () => {
  // Prices drawn from many values so that medians are not trivially a repeated value.
  const rows = generateRows(2000, 5).map((r, i) => ({
    ...r,
    price: i % 13 === 0 ? null : Math.round(rng(i)() * 1e6) / 100 - 2000,
  }));

  it.each([
    ['small groups held in memory', 4096],
    ['large groups counted, then streamed to the median ranks', 16],
  ])('count, sum, mean, exact median, min and max per group: %s', async (_name, buffer) => {
    const dataset = testDataset(`zz_rollup_${buffer}`);
    const v = version(400 + buffer, 'zzl:1');
    await writeVersion(h.deps, dataset, v, rows);
    const [outcome] = await computeRollups(h.deps, dataset, v, { buffer });
    const expected = naiveRollup(rows);
    expect(outcome!.groups).toBe(expected.size);
    expect(outcome!.peak_values_held).toBeLessThanOrEqual(buffer);
    expect(outcome!.large_groups).toBe([...expected.values()].filter((g) => g.non_null > buffer).length);

    const got = await allRows(dataset, v, 'by_state_category');
    expect(got).toHaveLength(expected.size);
    for (const g of got) {
      const want = expected.get(JSON.stringify([g.state, g.category]))!;
      expect(g.rows).toBe(want.rows);
      expect(g.median_price).toBe(want.median_price);
      expect(g.low).toBe(want.low);
      expect(g.high).toBe(want.high);
      expect(g.total as number).toBeCloseTo(want.total!, 6);
      expect(g.mean_price as number).toBeCloseTo(want.mean_price!, 6);
    }
    // Served like any listing: descending by median, filters on measures and group fields.
    const medians = got.map((g) => g.median_price as number);
    expect(medians).toEqual([...medians].sort((a, b) => b - a));
    const ny = await queryListing(h.deps, dataset, 'by_state_category', {
      versions: [v],
      filters: { state: 'NY', rows: { gte: 100 } },
    });
    expect(ny.items.map((i) => i.value.category).sort()).toEqual(
      [...expected]
        .filter(([k, g]) => JSON.parse(k)[0] === 'NY' && g.rows >= 100)
        .map(([k]) => JSON.parse(k)[1])
        .sort(),
    );
  });

  it('hides small groups', async () => {
    const dataset = testDataset('zz_rollup_suppressed', { suppressBelow: 170 });
    const v = version(499, 'zzl:1');
    await writeVersion(h.deps, dataset, v, rows);
    await afterVersionLoaded(h.deps, dataset, v);
    const got = await allRows(dataset, v, 'by_state_category');
    const expected = naiveRollup(rows);
    for (const g of got) {
      const want = expected.get(JSON.stringify([g.state, g.category]))!;
      expect(g.suppressed).toBe(want.rows < 170);
      expect(g.rows).toBe(want.rows < 170 ? null : want.rows);
      if (want.rows < 170) expect(g.median_price).toBeNull();
    }
    expect(got.some((g) => g.suppressed)).toBe(true);
  });
});

describe('series across versions', () => {
  const dataset = testDataset('zz_series_test');
  // Archived in this order: January, February, April, then March (a backfill, inserted between).
  const versions = [
    version(501, 'zzl:1', '2025-01-01'),
    version(502, 'zzl:1', '2025-02-01'),
    version(504, 'zzl:1', '2025-04-01'),
    version(505, 'zzl:1', '2025-03-01'),
  ];
  const byStart = [...versions].sort((a, b) => (a.publisher_effective_from! < b.publisher_effective_from! ? -1 : 1));
  /** Each month: some prices move, some go null, some keys leave, a few join. */
  const rowsOf = (month: number): TestRow[] => {
    const r = rng(month * 97);
    const base = generateRows(220, 77, 'N');
    return base
      .filter((_, i) => !(i % 17 === month % 17 && i > 0) && (i < 200 || i - 200 < month * 5))
      .map((row, i) => {
        const moved = r() < 0.3;
        const price =
          row.price === null
            ? null
            : moved
              ? Math.round((row.price + (r() - 0.5) * month * 40) * 100) / 100
              : row.price;
        return { ...row, price: i % 29 === month ? null : price };
      });
  };
  const monthOf = (v: CatalogVersion) => Number(v.publisher_effective_from!.slice(5, 7));

  beforeAll(async () => {
    for (const v of versions) {
      await registerVersion(h.deps.tables.catalog, dataset.id, v);
      const rows = rowsOf(monthOf(v));
      await writeVersion(
        h.deps,
        dataset,
        v,
        v.version_id === 502 ? [...rows, { ...rows[3]!, price: -1, locator: { line: 9999, record: 9999 } }] : rows,
      );
      const out = await afterVersionLoaded(h.deps, dataset, v);
      if (v.version_id === 505) expect(out.series[0]).toMatchObject({ previous_version_id: 502, next_version_id: 504 });
      if (v.version_id === 502) expect(out.series[0]!.duplicates).toBe(1);
      await markLoaded(h.deps.tables.catalog, dataset.id, v, {
        version_id: v.version_id,
        rows: rows.length,
        loaded_at: new Date().toISOString(),
        loader_version: '1',
        generation: '1',
      });
    }
  }, 120_000);

  /** Per key, the naive change-only history over the versions in start order. */
  function naiveHistory(id: string) {
    const out: {
      change: string;
      value: number | null;
      previous: number | null;
      effective_from: string;
      version: number;
    }[] = [];
    let before: { price: number | null } | undefined;
    for (const v of byStart) {
      const row = rowsOf(monthOf(v)).find((r) => r.id === id);
      const now = row ? { price: row.price } : undefined;
      if (!!before !== !!now || (before && now && before.price !== now.price)) {
        out.push({
          change: !before ? 'added' : !now ? 'removed' : 'changed',
          value: now?.price ?? null,
          previous: before?.price ?? null,
          effective_from: v.publisher_effective_from!,
          version: v.version_id,
        });
      }
      before = now;
    }
    return out;
  }

  it('keeps one entry per change of each key, a backfilled version inserted in date order', async () => {
    const ids = [...new Set(versions.flatMap((v) => rowsOf(monthOf(v)).map((r) => r.id)))].sort();
    expect(ids.length).toBeGreaterThan(200);
    let changesSeen = 0;
    for (const id of ids) {
      const page = await seriesHistory(h.deps, dataset, 'price', { key: { id }, limit: 10 });
      const got = page.items.map((c) => ({
        change: c.change,
        value: c.value,
        previous: c.previous,
        effective_from: c.effective_from,
        version: c.source.version_id,
      }));
      expect([id, got]).toEqual([id, naiveHistory(id)]);
      changesSeen += got.filter((c) => c.change !== 'added').length;
    }
    expect(changesSeen).toBeGreaterThan(50);
  });

  it('pages a history and bounds it by date', async () => {
    const id = [...new Set(rowsOf(1).map((r) => r.id))].find((k) => naiveHistory(k).length >= 3)!;
    const first = await seriesHistory(h.deps, dataset, 'price', { key: { id }, limit: 1 });
    const second = await seriesHistory(h.deps, dataset, 'price', { key: { id }, limit: 1, cursor: first.next_cursor! });
    expect([...first.items, ...second.items].map((c) => c.effective_from)).toEqual(
      naiveHistory(id)
        .slice(0, 2)
        .map((c) => c.effective_from),
    );
    const window = await seriesHistory(h.deps, dataset, 'price', { key: { id }, from: '2025-02-01', to: '2025-03-31' });
    expect(window.items.map((c) => c.effective_from)).toEqual(
      naiveHistory(id)
        .filter((c) => c.effective_from >= '2025-02-01' && c.effective_from <= '2025-03-31')
        .map((c) => c.effective_from),
    );
  });

  it.each(['abs', 'rel'] as const)('ranks the largest moves between two dates (%s)', async (by) => {
    const moves: { id: string; change: number; relative: number | null; version: number }[] = [];
    for (let i = 1; i < byStart.length; i++) {
      const v = byStart[i]!;
      if (v.publisher_effective_from! < '2025-02-01' || v.publisher_effective_from! > '2025-03-31') continue;
      const prev = new Map(rowsOf(monthOf(byStart[i - 1]!)).map((r) => [r.id, r.price]));
      for (const r of rowsOf(monthOf(v))) {
        const a = prev.get(r.id);
        if (typeof a !== 'number' || r.price === null || a === r.price) continue;
        moves.push({
          id: r.id,
          change: r.price - a,
          relative: a === 0 ? null : (r.price - a) / Math.abs(a),
          version: v.version_id,
        });
      }
    }
    const size = (m: (typeof moves)[number]) => Math.abs(by === 'abs' ? m.change : (m.relative ?? 0));
    const best = new Map<string, (typeof moves)[number]>();
    for (const m of moves.filter((x) => by === 'abs' || x.relative !== null)) {
      const seen = best.get(m.id);
      if (!seen || size(m) > size(seen)) best.set(m.id, m);
    }
    const expected = [...best.values()]
      .sort((a, b) => size(b) - size(a) || compareKeys(a.id, b.id))
      .slice(0, 5)
      .map((m) => [m.id, m.version, m.change]);
    const got = await largestMoves(h.deps, dataset, 'price', { from: '2025-02-01', to: '2025-03-31', by, limit: 5 });
    expect(got.items.map((m) => [m.key.id, m.source.version_id, m.change])).toEqual(expected);
    expect(expected).toHaveLength(5);
  });

  it('ranks one direction above a minimum, exactly above the size full versions dropped moves below', async () => {
    const truth = new Map<string, number>();
    for (let i = 1; i < byStart.length; i++) {
      const v = byStart[i]!;
      if (v.publisher_effective_from! < '2025-02-01' || v.publisher_effective_from! > '2025-03-31') continue;
      const prev = new Map(rowsOf(monthOf(byStart[i - 1]!)).map((r) => [r.id, r.price]));
      for (const r of rowsOf(monthOf(v))) {
        const a = prev.get(r.id);
        if (typeof a !== 'number' || r.price === null || a === 0 || r.price <= a) continue;
        const rel = (r.price - a) / Math.abs(a);
        truth.set(r.id, Math.max(truth.get(r.id) ?? 0, rel));
      }
    }
    const got = await largestMoves(h.deps, dataset, 'price', {
      from: '2025-02-01',
      to: '2025-03-31',
      by: 'rel',
      limit: 5,
      direction: 'up',
      min: 0.01,
    });
    expect(got.items.every((m) => m.change > 0 && (m.relative_change ?? 0) >= 0.01)).toBe(true);
    expect(got.exact_above).toEqual(expect.any(Number));
    const floor = Math.max(got.exact_above!, 0.01);
    const expected = [...truth.entries()]
      .filter(([, rel]) => rel > floor)
      .sort((a, b) => b[1] - a[1] || compareKeys(a[0], b[0]))
      .slice(0, 5)
      .map(([id]) => id);
    expect(expected.length).toBeGreaterThan(0);
    expect(got.items.filter((m) => (m.relative_change ?? 0) > floor).map((m) => m.key.id)).toEqual(expected);
  });

  it('answers 400 for a missing key, a bad window or a limit above what is kept', async () => {
    const loc = async (fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (e) {
        if (e instanceof ValidationError) return e.issues[0]!.loc;
        throw e;
      }
      return null;
    };
    expect(await loc(() => seriesHistory(h.deps, dataset, 'price', { key: {} }))).toEqual(['query', 'id']);
    expect(await loc(() => largestMoves(h.deps, dataset, 'price', { from: '2025-05-01', to: '2025-01-01' }))).toEqual([
      'query',
      'from',
    ]);
    expect(
      await loc(() => largestMoves(h.deps, dataset, 'price', { from: '2025-01-01', to: '2025-05-01', limit: 6 })),
    ).toEqual(['query', 'limit']);
  });
});
