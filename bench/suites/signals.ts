import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Archive } from '../../shared/archive/ingest';
import { requireDataset } from '../../shared/catalog/datasets';
import { listingPk, namespaceOf, WHOLE } from '../../shared/catalog/keys';
import { syncCatalog } from '../../shared/catalog/sync';
import { viewsOf } from '../../shared/catalog/view';
import type { Deps } from '../../shared/deps';
import { systemSignals } from '../../shared/signals/systems';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import type { BenchSuite } from '../types';

/**
 * Health-facility permits in one SODA walk (`BENCH_SIGNALS_ROWS`, default 20,000: about ten years of
 * Chicago permits naming a health facility) in pages of 5,000, plus the facility reference fixture.
 */
const ROWS = Number(process.env.BENCH_SIGNALS_ROWS ?? 20_000);
const PAGE = 5_000;
const SAMPLES = Number(process.env.BENCH_SIGNALS_SAMPLES ?? 200);
/** The listing whose whole copy the reference reads 50 items of (`signals` before the per-order listings). */
const REFERENCE_LISTING = process.env.BENCH_SIGNALS_REFERENCE_LISTING ?? 'recent';
const ROOT = path.resolve(__dirname, '../..');
const TYPES = [
  'PERMIT - NEW CONSTRUCTION',
  'PERMIT - RENOVATION/ALTERATION',
  'PERMIT - WRECKING/DEMOLITION',
  'PERMIT - ELECTRIC WIRING',
];
const STREETS = ['N LAKE SHORE DR', 'W HARRISON ST', 'N CLARK ST', 'S EXCHANGE AVE', 'W IRVING PARK RD', 'W 26TH ST'];

/** Permit i (deterministic); one in ten repeats an earlier permit number (a revision, merged). */
function permit(i: number) {
  const n = i % 10 === 9 ? i - 9 : i;
  const day = new Date(Date.UTC(2015, 0, 1 + (i % 3300))).toISOString().slice(0, 10);
  return {
    id: String(4_000_000 + i),
    permit_: String(200_000_000 + n),
    permit_type: TYPES[i % TYPES.length],
    application_start_date: `${day}T00:00:00.000`,
    issue_date: `${day}T00:00:00.000`,
    street_number: String(100 + (i % 7000)),
    street_direction: STREETS[i % STREETS.length]!.slice(0, 1),
    street_name: STREETS[i % STREETS.length]!.slice(2),
    work_description: `HOSPITAL INTERIOR ALTERATIONS FLOOR ${i % 12} PROJECT ${n}`,
    reported_cost: String(10_000 + ((i * 7919) % 5_000_000)),
    contact_1_type: 'OWNER',
    contact_1_name: i % 3 === 0 ? 'LAKESHORE GENERAL HOSPITAL' : 'PROPERTY HOLDINGS LLC',
  };
}

async function archiveWalk(deps: Deps): Promise<number> {
  const archive = new Archive(deps);
  const pages: { page: number; name: string; sha256: string; size: number; items: number }[] = [];
  let bytes = 0;
  for (let start = 0, p = 1; start < ROWS; start += PAGE, p++) {
    const rows = Array.from({ length: Math.min(PAGE, ROWS - start) }, (_, k) => permit(start + k));
    const body = Buffer.from(JSON.stringify(rows));
    bytes += body.length;
    const name = `chicago-permits-page-${String(p).padStart(4, '0')}.json`;
    pages.push({
      page: p,
      name,
      sha256: createHash('sha256').update(body).digest('hex'),
      size: body.length,
      items: rows.length,
    });
    await archive.ingest({
      sourceId: 'chicago_building_permits',
      name,
      body,
      origin: 'backfill',
      observedAt: new Date('2025-01-06T06:00:00Z'),
    });
  }
  const manifest = {
    kind: 'json_api_pages',
    version: 1,
    source_id: 'chicago_building_permits',
    endpoint: 'chicago-permits',
    strategy: 'offset',
    index: {},
    items: ROWS,
    pages,
  };
  await archive.ingest({
    sourceId: 'chicago_building_permits',
    name: 'chicago-permits-pages.json',
    body: Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`),
    origin: 'backfill',
    observedAt: new Date('2025-01-06T06:00:00Z'),
  });
  const hgi = 'shared/datasets/cms_hospital_general_information/fixtures/Hospital_General_Information.csv';
  await archive.ingest({
    sourceId: 'cms_hospital_general_information',
    name: path.basename(hgi),
    body: fs.readFileSync(path.join(ROOT, hgi)),
    origin: 'backfill',
    observedAt: new Date('2025-01-02T06:00:00Z'),
  });
  // The AHRQ Compendium 2023 fixtures: the Chicago reference hospitals linked to their systems.
  for (const name of ['chsp-compendium-2023.csv', 'chsp-hospital-linkage-2023.csv']) {
    await archive.ingest({
      sourceId: 'ahrq_compendium',
      name,
      body: fs.readFileSync(path.join(ROOT, 'shared/datasets/ahrq_compendium/fixtures', name)),
      origin: 'backfill',
      observedAt: new Date('2025-01-02T06:00:00Z'),
    });
  }
  return bytes;
}

async function latencies(n: number, fn: () => Promise<void>) {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  return { p50: xs[Math.floor(n * 0.5)]!, p99: xs[Math.min(n - 1, Math.floor(n * 0.99))]! };
}

/**
 * The signals group's largest source at a realistic size: a SODA walk of health-facility permits
 * archived, then parsed, merged and loaded by syncCatalog into the embedded DynamoDB (rows/s, the
 * process's peak RSS sampled every 50 ms, dynalite included), then GET /signals through the app
 * (default order, state filter, 50 rows, facility matching of the page; by value above a minimum;
 * the next page by cursor): p50/p99 warm, beside one plain 50-item key query of the same listing.
 */
export const suite: BenchSuite = {
  name: 'signals',
  timeoutMs: 20 * 60_000,
  description: `construction signals: load a ${ROWS.toLocaleString('en-US')}-permit SODA walk, p99 of GET /signals`,
  async run(log) {
    const clock = { now: () => new Date('2025-01-10T12:00:00.000Z') };
    const h = await startHarness({ clock, env: { LOG_LEVEL: 'silent' } });
    try {
      const bytes = await archiveWalk(h.deps);
      let peak = process.memoryUsage().rss;
      const base = peak;
      const timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);
      const t = performance.now();
      await syncCatalog(h.deps);
      const s = (performance.now() - t) / 1000;
      clearInterval(timer);
      const key = await createTestKey(h.deps, 'free', []);
      const probe = await h.request('/signals?state=IL&limit=1', { headers: key.headers });
      const total = ((await probe.json()) as { total: number }).total;
      log(
        `load: ${ROWS} permits (${(bytes / 2 ** 20).toFixed(1)} MiB) -> ${total} signals in ${s.toFixed(1)} s; peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB (start ${(base / 2 ** 20).toFixed(0)})`,
      );
      const timed = async (url: string) => {
        for (let i = 0; i < 10; i++) await h.request(url, { headers: key.headers });
        return latencies(SAMPLES, async () => {
          const r = await h.request(url, { headers: key.headers });
          if (r.status !== 200) throw new Error(`GET ${url} answered ${r.status}`);
          await r.arrayBuffer();
        });
      };
      const list = await timed('/signals?state=IL');
      const byValue = await timed('/signals?state=IL&sort=value&min_value=1000000');
      const first = (await (await h.request('/signals?state=IL', { headers: key.headers })).json()) as {
        next?: string | null;
      };
      const nextPage = first.next ? await timed(`/signals?state=IL&cursor=${encodeURIComponent(first.next)}`) : null;
      // /signals/systems: the attribution of every signal in force, computed on a request (cold: a
      // cap the per-process memo has not seen, so each sample computes it again), then warm (memo).
      const cold = await latencies(5, async () => {
        await systemSignals(
          h.deps,
          { sort: 'value', limit: 50 },
          '2025-01-10',
          20_000 + Math.floor(Math.random() * 1e9),
        );
      });
      const systems = await timed('/signals/systems');
      const bySystem = await timed('/signals?system=HSI00000101');
      const rollup = (await (await h.request('/signals/systems', { headers: key.headers })).json()) as {
        total: number;
        coverage: { counted: number };
      };
      log(
        `GET /signals/systems cold p50 ${cold.p50.toFixed(0)} ms max ${cold.p99.toFixed(0)} ms (${rollup.coverage.counted} of ${total} signals tied, ${rollup.total} systems); warm p50 ${systems.p50.toFixed(1)} / p99 ${systems.p99.toFixed(1)} ms; /signals?system p50 ${bySystem.p50.toFixed(1)} / p99 ${bySystem.p99.toFixed(1)} ms`,
      );
      // Reference: one plain 50-item key query on the signals' listing (the storage floor of a page).
      const [view] = await viewsOf(h.deps, [{ dataset: requireDataset('construction_signals'), date: '2025-01-10' }]);
      const version = view!.versions[0]!;
      const pk = listingPk(
        namespaceOf(view!.dataset.id, version.generation),
        version.version_id,
        REFERENCE_LISTING,
        WHOLE,
      );
      const plain = await latencies(SAMPLES, async () => {
        const page = await h.deps.tables.catalog.query(pk, { limit: 50 });
        if (page.items.length !== 50) throw new Error(`reference read ${page.items.length} items of ${pk}`);
      });
      const load = os.loadavg()[0]!.toFixed(1);
      log(
        `GET /signals p50 ${list.p50.toFixed(1)} ms p99 ${list.p99.toFixed(1)} ms; sort=value&min_value ${byValue.p50.toFixed(1)} / ${byValue.p99.toFixed(1)} ms; next page ${nextPage ? `${nextPage.p50.toFixed(1)} / ${nextPage.p99.toFixed(1)} ms` : 'n/a'}; plain 50-item query ${plain.p50.toFixed(2)} / ${plain.p99.toFixed(2)} ms; load average ${load}`,
      );
      const reference = { name: 'plain 50-item key query p50', value: plain.p50, unit: 'ms' };
      const n = ROWS.toLocaleString('en-US');
      return [
        {
          suite: 'signals',
          metric: `load a ${n}-permit SODA walk (parse, merge, store)`,
          value: ROWS / s,
          unit: 'rows/s',
          note: `${total} signals after merging; all sources loaded by syncCatalog in ${s.toFixed(1)} s`,
        },
        {
          suite: 'signals',
          metric: `peak RSS loading ${n} permits`,
          value: peak / 2 ** 20,
          unit: 'MiB',
          note: `whole process, embedded engines included; ${(base / 2 ** 20).toFixed(0)} MiB before the load`,
        },
        {
          suite: 'signals',
          metric: `GET /signals?state=IL p99 (${total} signals; page of 50, matched)`,
          value: list.p99,
          unit: 'ms',
          reference,
          ratio: list.p99 / plain.p50,
          note: `p50 ${list.p50.toFixed(1)} ms, ${SAMPLES} warm requests in process; load average ${load}`,
        },
        {
          suite: 'signals',
          metric: 'GET /signals?state=IL&sort=value&min_value=1000000 p99',
          value: byValue.p99,
          unit: 'ms',
          reference,
          ratio: byValue.p99 / plain.p50,
          note: `p50 ${byValue.p50.toFixed(1)} ms`,
        },
        ...(nextPage
          ? [
              {
                suite: 'signals',
                metric: 'GET /signals next page by cursor p99',
                value: nextPage.p99,
                unit: 'ms',
                reference,
                ratio: nextPage.p99 / plain.p50,
                note: `p50 ${nextPage.p50.toFixed(1)} ms`,
              },
            ]
          : []),
        {
          suite: 'signals',
          metric: `GET /signals/systems cold (attribute ${total} signals: match, link, sum)`,
          value: cold.p99,
          unit: 'ms',
          reference,
          ratio: cold.p99 / plain.p50,
          note: `slowest of 5 computations, p50 ${cold.p50.toFixed(0)} ms; ${rollup.coverage.counted} signals tied to ${rollup.total} systems`,
        },
        {
          suite: 'signals',
          metric: 'GET /signals/systems warm p99 (attribution kept per process)',
          value: systems.p99,
          unit: 'ms',
          reference,
          ratio: systems.p99 / plain.p50,
          note: `p50 ${systems.p50.toFixed(1)} ms`,
        },
        {
          suite: 'signals',
          metric: 'GET /signals?system=HSI00000101 warm p99 (page of 50)',
          value: bySystem.p99,
          unit: 'ms',
          reference,
          ratio: bySystem.p99 / plain.p50,
          note: `p50 ${bySystem.p50.toFixed(1)} ms`,
        },
      ];
    } finally {
      await h.close();
    }
  },
};
