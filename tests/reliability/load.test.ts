import { randomBytes } from 'node:crypto';
import type { LocalServer } from '../../functions/local/server';
import { startSeededServer } from '../../scripts/seeded-data';
import { createTestKey } from '../helpers/keys';
import { allItems, freePort } from './helpers/http';
import { Rng } from './helpers/prng';

/**
 * Issue 10 point 7(d): 50 concurrent clients for exactly 20 s of mixed traffic over real HTTP
 * against the local server (in-memory engines, sample data seeded): warrant and archive reads,
 * subscription registrations and admin key creations. No request may fail (network error or
 * 5xx; every request sent is valid, so any non-2xx is a failure), and afterwards every
 * subscription and key created is listed. Throughput is a benchmark's business, not asserted here.
 */
const CLIENTS = 50;
const LOAD_MS = 20_000;
const OWNERS = 8;

interface Op {
  name: string;
  weight: number;
  run(client: number, seq: number, rng: Rng): Promise<Response>;
}

describe('50 concurrent clients for 20 s on mixed routes', () => {
  let server: LocalServer;
  let base: string;
  const adminKey = `adm_${randomBytes(24).toString('hex')}`;
  let reader: Record<string, string>;
  const owners: { keyId: string; headers: Record<string, string> }[] = [];
  const sample = { docId: '', sha: '' };

  beforeAll(async () => {
    server = await startSeededServer({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ADMIN_API_KEY: adminKey,
    });
    base = server.baseUrl;
    reader = (await createTestKey(server.deps, 'pro', ['warrant'])).headers;
    for (let i = 0; i < OWNERS; i++) {
      const k = await createTestKey(server.deps, 'pro', ['warrant']);
      owners.push({ keyId: k.keyId, headers: k.headers });
    }
    const changes = (await (
      await fetch(`${base}/v1/archive/changes?source_id=cms_ncci_ptp`, { headers: reader })
    ).json()) as {
      items: { doc_id: string; sha256: string }[];
    };
    sample.docId = changes.items[0]!.doc_id;
    sample.sha = changes.items[0]!.sha256;
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it('holds the load with no errors and loses nothing', async () => {
    const createdSubs = new Map<string, Set<number>>(owners.map((o) => [o.keyId, new Set<number>()]));
    const createdKeys = new Set<string>();
    const post = (p: string, headers: Record<string, string>, body: unknown) =>
      fetch(`${base}${p}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const get = (p: string, headers = reader) => fetch(`${base}${p}`, { headers });
    const ops: Op[] = [
      {
        name: 'warrant',
        weight: 24,
        run: () => get('/rules/warrant?hcpcs=E0601&as_of=2025-05-15&state=NY&npi=1529384707'),
      },
      { name: 'ptp', weight: 8, run: () => get('/rules/ncci/ptp?column1=95811&column2=94660&as_of=2025-05-15') },
      { name: 'mue', weight: 6, run: () => get('/rules/ncci/mue?hcpcs=E0601&as_of=2025-05-15') },
      { name: 'changes', weight: 8, run: () => get('/v1/archive/changes?limit=20') },
      { name: 'versions', weight: 6, run: () => get(`/v1/archive/docs/${sample.docId}/versions`) },
      { name: 'as-of', weight: 6, run: () => get(`/archive/docs/${sample.docId}/as-of?date=2025-05-15`) },
      { name: 'file', weight: 4, run: () => get(`/v1/archive/files/${sample.sha}`) },
      { name: 'text', weight: 4, run: () => get(`/archive/files/${sample.sha}/text`) },
      { name: 'sources', weight: 3, run: () => get('/v1/archive/sources') },
      {
        name: 'subscribe',
        weight: 8,
        run: async (client, seq, rng) => {
          const owner = owners[rng.int(OWNERS)]!;
          const res = await post('/v1/subscriptions', owner.headers, {
            channel: 'webhook',
            webhook_url: `https://93.184.215.14/hook/${client}/${seq}`,
            codes: ['E0601'],
          });
          if (res.status === 201)
            createdSubs
              .get(owner.keyId)!
              .add(((await res.clone().json()) as { subscription_id: number }).subscription_id);
          return res;
        },
      },
      {
        name: 'list-subs',
        weight: 3,
        run: (_c, _s, rng) => get('/v1/subscriptions', owners[rng.int(OWNERS)]!.headers),
      },
      {
        name: 'admin-key',
        weight: 4,
        run: async (client, seq) => {
          const res = await post(
            '/admin/keys',
            { 'x-api-key': adminKey },
            { tier: 'starter', label: `load ${client}/${seq}` },
          );
          if (res.status === 201) createdKeys.add(((await res.clone().json()) as { key_id: string }).key_id);
          return res;
        },
      },
    ];
    const totalWeight = ops.reduce((s, o) => s + o.weight, 0);
    const pick = (rng: Rng) => {
      let r = rng.int(totalWeight);
      for (const o of ops) {
        r -= o.weight;
        if (r < 0) return o;
      }
      return ops[0]!;
    };

    const failures: string[] = [];
    const counts = new Map<string, number>();
    const started = Date.now();
    const deadline = started + LOAD_MS;
    const client = async (n: number) => {
      const rng = new Rng(0x10ad + n);
      for (let seq = 0; Date.now() < deadline; seq++) {
        const op = pick(rng);
        try {
          const res = await op.run(n, seq, rng);
          const body = await res.text();
          counts.set(op.name, (counts.get(op.name) ?? 0) + 1);
          if (res.status >= 300) failures.push(`${op.name}: ${res.status} ${body.slice(0, 200)}`);
        } catch (e) {
          failures.push(
            `${op.name}: network error ${(e as Error).message} ${String((e as { cause?: unknown }).cause ?? '')}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    const elapsed = Date.now() - started;

    expect(failures.slice(0, 20)).toEqual([]);
    expect(elapsed).toBeGreaterThanOrEqual(LOAD_MS);
    for (const o of ops) expect(counts.get(o.name) ?? 0).toBeGreaterThan(0);

    // Nothing lost: every subscription is listed for its owner, every key in the admin list.
    for (const o of owners) {
      const listed = await allItems<{ subscription_id: number }>(base, '/v1/subscriptions', o.headers);
      expect(listed.length).toBe(createdSubs.get(o.keyId)!.size);
      expect(new Set(listed.map((s) => s.subscription_id))).toEqual(createdSubs.get(o.keyId));
    }
    const keys = new Set(
      (await allItems<{ key_id: string }>(base, '/admin/keys', { 'x-api-key': adminKey })).map((k) => k.key_id),
    );
    const missing = [...createdKeys].filter((k) => !keys.has(k));
    expect(missing).toEqual([]);
    expect(createdKeys.size).toBe(counts.get('admin-key'));
    expect([...createdSubs.values()].reduce((s, x) => s + x.size, 0)).toBe(counts.get('subscribe'));
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    process.stdout.write(
      `load: ${total} requests in ${elapsed} ms (${Math.round((total / elapsed) * 1000)}/s); ${JSON.stringify(Object.fromEntries(counts))}\n`,
    );
  }, 90_000);
});
