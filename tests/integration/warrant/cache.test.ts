import { canonicalize } from 'json-canonicalize';
import { countRequests } from '../../../bench/sdk-counter';
import { runArchiveCommand } from '../../../scripts/archive';
import { buildDeps } from '../../../shared/aws/deps';
import { SOURCE_MODULES } from '../../../shared/datasets/index.generated';
import { type FactsLoader, installFacts, type RowFacts } from '../../../shared/facts/registry';
import type { TimelineVersion } from '../../../shared/facts/timeline';
import { HEAD_VERSIONS } from '../../../shared/facts/timeline-head';
import { putVersionItem, rebuildHead, registerVersion } from '../../../shared/facts/timeline-write';
import { createLogger } from '../../../shared/log';
import { factCacheSize } from '../../../shared/warrant/fact-cache';
import { timelinesOn } from '../../../shared/warrant/resolve';
import { buildWarrant, type WarrantAnswer } from '../../../shared/warrant/service';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey } from '../../helpers/keys';
import { type ManifestEntry, seedFixtures } from '../../helpers/seed';
import { SHARED_SETUP_TIMEOUT_MS, startSeededHarness } from '../../helpers/seeded-world';

/**
 * Issue 16, point 1: warm warrants make no storage request of their own (facts per archive version
 * from an LRU, timelines and the exclusion screen reused for a short TTL), and caching never
 * changes an answer: a version archived and loaded here is answered from at once, one loaded by
 * another process after the TTL, and facts reloaded by a newer loader are never served from the
 * old loader's cache. Figures (throughput against a signed constant answer) are the bench's.
 */
const QUERY = '/rules/warrant?hcpcs=E0601&as_of=2025-05-15&state=NY&npi=1529384707';
/** A claim line too: its rural ZIP lookup is cached like the other facts. */
const CLAIM = '/rules/warrant?hcpcs=E0601&as_of=2025-05-15&state=NY&modifier=RR&zip=14717&units=2&setting=dme';
const mueVersions = (a: WarrantAnswer) =>
  a.meta.versions_in_force.filter((v) => v.source_id === 'cms_ncci_mue').map((v) => v.publisher_version);
const mue = (quarter: string) => (e: ManifestEntry) =>
  e.source_id === 'cms_ncci_mue' && e.publisher_version === quarter;
const withoutAttestation = (text: string) => {
  const { attestation: _a, ...body } = JSON.parse(text) as Record<string, unknown>;
  return canonicalize(body);
};

describe('a warm warrant', () => {
  let h: Harness;
  let headers: Record<string, string>;
  beforeAll(async () => {
    // The longest timeline TTL: a cold warrant on a loaded machine can take over a second, and the
    // warm one must still find the timelines the cold one read.
    h = await startSeededHarness('all', { env: { WARRANT_TIMELINE_TTL_MS: '5000' } });
    // Every fixture, the NPPES registry too: the screen then resolves the NPI's name (the cold budget's worst case).
    headers = (await createTestKey(h.deps, 'enterprise', ['warrant'])).headers;
  }, SHARED_SETUP_TIMEOUT_MS);
  afterAll(() => h.close());

  it.each([QUERY, CLAIM])(
    'makes no facts, timeline or catalog request, and answers exactly as the cold one (%s)',
    async (query) => {
      const counter = countRequests([h.deps.clients.dynamodb, h.deps.clients.s3]);
      try {
        const cold = await h.request(query, { headers });
        expect(cold.status).toBe(200);
        const coldCalls = counter.calls.filter((c) => c.table !== 'keys');
        expect(coldCalls.length).toBeGreaterThan(0);
        expect(coldCalls.length).toBeLessThanOrEqual(8);
        counter.reset();
        const warm = await h.request(query, { headers });
        expect(warm.status).toBe(200);
        expect(counter.calls.filter((c) => c.table !== 'keys')).toEqual([]);
        expect(withoutAttestation(await warm.text())).toBe(withoutAttestation(await cold.text()));
      } finally {
        counter.stop();
      }
    },
  );

  it('serves facts that no answer can alter (cached facts are frozen)', async () => {
    const a = await buildWarrant(h.deps, { hcpcs: 'E0601', asOf: '2025-05-15', state: 'NY' });
    const b = await buildWarrant(h.deps, { hcpcs: 'E0601', asOf: '2025-05-15', state: 'NY' });
    expect(canonicalize(b)).toBe(canonicalize(a));
    expect(a.edits.facts.length).toBeGreaterThan(0);
  });
});

describe('cached timelines', () => {
  let h: Harness;
  beforeAll(async () => {
    // A short TTL and a tiny fact cache: every answer below must still be exact.
    h = await startHarness({ env: { WARRANT_TIMELINE_TTL_MS: '200', WARRANT_FACT_CACHE_ENTRIES: '2' } });
    await seedFixtures(h.deps, mue('2025 Q1'));
  }, 120_000);
  afterAll(() => h.close());

  it('see a version archived and loaded by this process at once', async () => {
    const q = { hcpcs: 'E0601', asOf: '2025-05-15' };
    expect(mueVersions(await buildWarrant(h.deps, q))).not.toContain('2025 Q2'); // Q1 is stale by then: a gap
    await seedFixtures(h.deps, mue('2025 Q2'));
    expect(mueVersions(await buildWarrant(h.deps, q))).toEqual(['2025 Q2', '2025 Q2', '2025 Q2']);
  }, 60_000);

  it('see a version archived and loaded by another process once the TTL has passed', async () => {
    const q = { hcpcs: 'E0601', asOf: '2025-08-20' };
    expect(mueVersions(await buildWarrant(h.deps, q))).not.toContain('2025 Q3');
    // Another process: its own clients and tables on the same storage, so no in-process signal.
    const other = buildDeps(h.deps.config, { logger: createLogger('silent') });
    try {
      await seedFixtures(other, mue('2025 Q3'));
    } finally {
      other.clients.dynamodb.destroy();
      other.clients.s3.destroy();
    }
    await new Promise((r) => setTimeout(r, 250)); // past WARRANT_TIMELINE_TTL_MS
    expect(mueVersions(await buildWarrant(h.deps, q))).toEqual(['2025 Q3', '2025 Q3', '2025 Q3']);
  }, 60_000);

  it('keep the fact cache within WARRANT_FACT_CACHE_ENTRIES', async () => {
    for (const hcpcs of ['E0601', 'E0250', 'A4253', 'K0001']) {
      await buildWarrant(h.deps, { hcpcs, asOf: '2025-05-15' });
      expect(factCacheSize(h.deps)).toBeLessThanOrEqual(2);
    }
    expect(factCacheSize(h.deps)).toBe(2);
  });
});

describe('facts reloaded by a newer loader', () => {
  let h: Harness;
  const original: [string, FactsLoader][] = SOURCE_MODULES.flatMap((m) => Object.entries(m.facts ?? {}));
  beforeAll(async () => {
    h = await startHarness();
    await seedFixtures(h.deps, mue('2025 Q2'));
  }, 120_000);
  afterAll(async () => {
    installFacts(original);
    await h.close();
  });

  it('are never served from the cache of the facts the earlier loader wrote', async () => {
    const q = { hcpcs: 'E0601', asOf: '2025-05-15' };
    const before = await buildWarrant(h.deps, q);
    const values = (a: WarrantAnswer) =>
      a.edits.facts.filter((f) => f.kind === 'mue').map((f) => (f.value as { mue_value: number }).mue_value);
    expect(values(before).length).toBeGreaterThan(0);
    expect(values(before)).not.toContain(777);
    await buildWarrant(h.deps, q); // warm: these facts are now cached under the current loader

    // A newer loader of the same bytes writes a different shape (here: every MUE value 777).
    installFacts(
      original.map(([docId, l]): [string, FactsLoader] => {
        if (!docId.startsWith('mue:')) return [docId, l];
        const rows = l as RowFacts;
        return [
          docId,
          {
            ...rows,
            version: `${rows.version}-next`,
            rows: (r) => rows.rows(r).map((row) => ({ ...row, value: { ...row.value, mue_value: 777 } })),
          },
        ];
      }),
    );
    expect(await runArchiveCommand(['load', '--source', 'cms_ncci_mue'], h.deps, () => undefined)).toBe(0);
    const after = await buildWarrant(h.deps, q);
    expect(values(after).length).toBe(values(before).length);
    expect(new Set(values(after))).toEqual(new Set([777]));
  }, 60_000);
});

describe('timelines completed for a date older than their heads decide', () => {
  let h: Harness;
  const quarterly = (i: number): TimelineVersion => {
    const from = `${1900 + Math.floor(i / 4)}-${String((i % 4) * 3 + 1).padStart(2, '0')}-01`;
    return {
      version_id: 1000 + i,
      doc_id: 'mue:3',
      title: 'MUE DME supplier',
      sha256: (1000 + i).toString(16).padStart(64, 'a'),
      name: `MCR_MUE_DMESupplierServices_${i}.csv`,
      publisher_version: `${from} release`,
      publisher_effective_from: from,
      publisher_effective_to: null,
      observed_from: `${from}T10:00:00.000Z`,
    };
  };
  beforeAll(async () => {
    h = await startHarness();
    for (let i = 0; i < HEAD_VERSIONS + 8; i++) await putVersionItem(h.deps.tables.facts, 'cms_ncci_mue', quarterly(i));
    await rebuildHead(h.deps.tables.facts, 'cms_ncci_mue', 'mue:3');
  }, 120_000);
  afterAll(() => h.close());

  it('are reused like the heads, for any old date, until this process writes a timeline', async () => {
    const counter = countRequests([h.deps.clients.dynamodb]);
    const ids = (m: Map<string, { versions: { version_id: number }[] }>) =>
      m.get('cms_ncci_mue')!.versions.map((v) => v.version_id);
    try {
      const cold = await timelinesOn(h.deps, ['cms_ncci_mue'], ['1900-02-10']);
      expect(ids(cold)).toHaveLength(HEAD_VERSIONS + 8);
      expect(counter.calls.length).toBeGreaterThan(0);
      counter.reset();
      expect(ids(await timelinesOn(h.deps, ['cms_ncci_mue'], ['1900-02-10']))).toEqual(ids(cold));
      expect(ids(await timelinesOn(h.deps, ['cms_ncci_mue'], ['1901-05-10']))).toEqual(ids(cold));
      expect(counter.calls).toEqual([]);

      await registerVersion(h.deps.tables.facts, 'cms_ncci_mue', quarterly(HEAD_VERSIONS + 8));
      counter.reset();
      const after = await timelinesOn(h.deps, ['cms_ncci_mue'], ['1900-02-10']);
      expect(counter.calls.length).toBeGreaterThan(0);
      expect(ids(after)).toContain(1000 + HEAD_VERSIONS + 8);
    } finally {
      counter.stop();
    }
  });
});
