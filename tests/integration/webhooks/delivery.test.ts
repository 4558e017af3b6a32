import { createHmac } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { advanceCursor } from '../../../shared/subscriptions/cursor';
import { verifyWebhook } from '../../../shared/webhooks/verify';
import { HOST, PUBLIC_ADDR, startWorld, type World } from './world';

const body = (r: { raw: Buffer }) => JSON.parse(r.raw.toString('utf8'));
const ids = (r: { raw: Buffer }) => body(r).changes.map((c: { version_id: number }) => c.version_id);

describe('daily webhook delivery against a real HTTPS receiver', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterEach(() => w.deactivateAll());
  afterAll(() => w.close());

  it('sends one signed POST with the spec body and headers, then nothing when nothing is new', async () => {
    const sub = await w.subscribe('/good');
    const changes = await w.seed([{}, { over: { affected_codes: ['E0601'] } }]);
    const stats = await w.run();
    expect(stats).toMatchObject({ attempted: 1, delivered: 1, failed: 0, changes_sent: 2 });

    const [got, ...more] = w.at('/good');
    expect(more).toHaveLength(0);
    if (!got) throw new Error('no delivery');
    // Independent HMAC over the raw bytes as received.
    const expected = createHmac('sha256', sub.signing_secret).update(got.raw).digest('hex');
    expect(got.headers['x-service-signature']).toBe(expected);
    expect(await verifyWebhook(got.raw, got.headers['x-service-signature'] as string, sub.signing_secret)).toBe(true);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-service-event']).toBe('changes.observed');
    expect(got.headers['x-service-subscription']).toBe(String(sub.subscription_id));
    expect(got.headers.host).toBe(HOST);
    expect(got.servername).toBe(HOST);
    expect(body(got)).toEqual({
      event: 'changes.observed',
      sent_at: w.clock.now().toISOString(),
      subscription_id: sub.subscription_id,
      count: 2,
      changes,
    });
    expect(await w.cursor(sub.subscription_id)).toBe(changes[1]?.version_id);

    const log = await (await w.call(`/v1/subscriptions/${sub.subscription_id}/deliveries`)).json();
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ ok: true, status_code: 204, error: null, count: 2, kind: 'scheduled' });
    expect(log.items[0].latency_ms).toBeGreaterThanOrEqual(0);

    const again = await w.run();
    expect(again).toMatchObject({ attempted: 0, idle: 1 });
    expect(w.at('/good')).toHaveLength(1);
  });

  it('resolves once per delivery and connects to the address that check returned (pinned)', async () => {
    await w.subscribe('/pin');
    w.lookups.length = 0;
    await w.seed([{}]);
    // The name is unknown to the system resolver: reaching the receiver proves the pinned lookup was used.
    await w.run();
    expect(w.at('/pin')).toHaveLength(1);
    expect(w.lookups).toEqual([HOST]);
    expect(w.connects).toEqual([`${PUBLIC_ADDR}:443`]);
  });

  it('delivers by scope: codes intersect affected_codes, source_ids select sources, none means all', async () => {
    const byCode = await w.subscribe('/codes', { codes: ['E0601'] });
    const bySource = await w.subscribe('/source', { source_ids: ['cms_hcpcs_level2'] });
    const all = await w.subscribe('/all');
    const idle = await w.subscribe('/idle', { codes: ['K0001'] });
    const [a, b, c] = await w.seed([
      { over: { affected_codes: ['E0601', 'E0602'] } },
      { over: { source_id: 'cms_hcpcs_level2', doc_id: 'hcpcs:1' } },
      { over: { affected_codes: [] } },
    ]);
    const stats = await w.run();
    expect(stats).toMatchObject({ delivered: 3, idle: 1 });
    expect(w.at('/codes').map(ids)).toEqual([[a?.version_id]]);
    expect(w.at('/source').map(ids)).toEqual([[b?.version_id]]);
    expect(w.at('/all').map(ids)).toEqual([[a?.version_id, b?.version_id, c?.version_id]]);
    expect(w.at('/idle')).toHaveLength(0);
    // Out-of-scope changes are settled too: every cursor is at the head.
    for (const s of [byCode, bySource, all, idle]) expect(await w.cursor(s.subscription_id)).toBe(c?.version_id);
  });

  it('non-2xx is a failure: the cursor stays and the next run resends them plus new ones', async () => {
    const sub = await w.subscribe('/flaky');
    const before = await w.cursor(sub.subscription_id);
    w.receiver.on('/flaky', (_q, s) => s.writeHead(500).end('down'));
    const first = await w.seed([{}, {}]);
    expect(await w.run()).toMatchObject({ failed: 1, delivered: 0 });
    expect(await w.cursor(sub.subscription_id)).toBe(before);

    w.receiver.on('/flaky', (_q, s) => s.writeHead(200).end());
    const second = await w.seed([{}]);
    expect(await w.run()).toMatchObject({ delivered: 1 });
    const sent = w.at('/flaky').map(ids);
    expect(sent).toEqual([first.map((c) => c.version_id), [...first, ...second].map((c) => c.version_id)]);
    expect(await w.cursor(sub.subscription_id)).toBe(second[0]?.version_id);

    const log = await (await w.call(`/v1/subscriptions/${sub.subscription_id}/deliveries`)).json();
    expect(
      log.items.map((i: { ok: boolean; status_code: number; error: string | null }) => [i.ok, i.status_code, i.error]),
    ).toEqual([
      [true, 200, null],
      [false, 500, 'non_2xx'],
    ]);
  });

  it('a receiver slower than the deadline fails; others in the same run are not held up', async () => {
    const deadline = 1_500;
    const slow = await w.subscribe('/slow');
    const fast = await Promise.all([1, 2, 3, 4, 5].map((i) => w.subscribe(`/fast${i}`)));
    w.receiver.on('/slow', (_q, s) => {
      setTimeout(() => s.writeHead(200).end(), 4_000).unref();
    });
    await w.seed([{}]);
    const started = Date.now();
    const stats = await w.run({ concurrency: 2, transport: { ...w.transport, timeoutMs: deadline } });
    const took = Date.now() - started;
    expect(stats).toMatchObject({ delivered: 5, failed: 1 });
    // With 2 lanes, the slow receiver holds one; all five fast ones go through the other before it gives up.
    for (let i = 1; i <= 5; i++) expect((w.at(`/fast${i}`)[0]?.at ?? Infinity) - started).toBeLessThan(deadline);
    expect(took).toBeGreaterThanOrEqual(deadline);
    expect(took).toBeLessThan(deadline + 2_000);
    const log = await (await w.call(`/v1/subscriptions/${slow.subscription_id}/deliveries`)).json();
    expect(log.items[0]).toMatchObject({ ok: false, status_code: null, error: 'timeout' });
    expect(log.items[0].latency_ms).toBeGreaterThanOrEqual(deadline - 10);
    expect(await w.cursor(slow.subscription_id)).toBeLessThan((await w.cursor(fast[0]?.subscription_id ?? 0)) ?? 0);
  });

  it('a redirect is not followed and counts as failure', async () => {
    const sub = await w.subscribe('/moved');
    w.receiver.on('/moved', (_q, s) => s.writeHead(302, { Location: `https://${HOST}/elsewhere` }).end());
    const before = await w.cursor(sub.subscription_id);
    await w.seed([{}]);
    expect(await w.run()).toMatchObject({ failed: 1 });
    expect(w.at('/moved')).toHaveLength(1);
    expect(w.at('/elsewhere')).toHaveLength(0);
    expect(await w.cursor(sub.subscription_id)).toBe(before);
    const log = await (await w.call(`/v1/subscriptions/${sub.subscription_id}/deliveries`)).json();
    expect(log.items[0]).toMatchObject({ ok: false, status_code: 302, error: 'redirect' });
  });

  it('the delivery log shows failure classes only, never the socket or TLS error', async () => {
    const sub = await w.subscribe('/classes');
    await w.seed([{}]);
    // A receiver whose certificate is not trusted: tls.
    expect(await w.run({ transport: { ...w.transport, ca: undefined } })).toMatchObject({ failed: 1 });
    // Nothing listening on the port the address maps to: refused.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const closed = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const refusedAt = { ...w.transport, connectOverride: () => ({ host: '127.0.0.1', port: closed }) };
    expect(await w.run({ transport: refusedAt })).toMatchObject({ failed: 1 });
    // A host that no longer resolves: dns.
    w.dns[HOST] = [];
    expect(await w.run()).toMatchObject({ failed: 1 });
    const log = await (await w.call(`/v1/subscriptions/${sub.subscription_id}/deliveries`)).json();
    expect(log.items.map((i: { error: string; status_code: number | null }) => [i.error, i.status_code])).toEqual([
      ['dns', null],
      ['refused', null],
      ['tls', null],
    ]);
    expect(JSON.stringify(log)).not.toMatch(/ECONN|EPROTO|CERT|SSL|127\.0\.0\.1|93\.184|\d+ ms/);
  });

  it('a host public at registration but private at delivery is refused and nothing is sent', async () => {
    const sub = await w.subscribe('/rebind');
    const before = await w.cursor(sub.subscription_id);
    await w.seed([{}]);
    w.dns[HOST] = ['10.0.0.5'];
    expect(await w.run()).toMatchObject({ failed: 1 });
    w.dns[HOST] = [PUBLIC_ADDR, '127.0.0.1'];
    expect(await w.run()).toMatchObject({ failed: 1 });
    expect(w.receiver.received).toHaveLength(0);
    expect(w.connects).toHaveLength(0);
    expect(await w.cursor(sub.subscription_id)).toBe(before);
    const log = await (await w.call(`/v1/subscriptions/${sub.subscription_id}/deliveries`)).json();
    // Classes only: the log never tells the subscriber which address the name resolved to.
    expect(log.items.slice(0, 2).map((i: { error: string }) => i.error)).toEqual([
      'blocked_address',
      'blocked_address',
    ]);
    expect(JSON.stringify(log.items)).not.toMatch(/127\.0\.0\.1|10\.0\.0\.5/);

    w.dns[HOST] = [PUBLIC_ADDR];
    expect(await w.run()).toMatchObject({ delivered: 1 });
  });

  it('across repeated failures no change is lost; duplicates are allowed', async () => {
    const sub = await w.subscribe('/dup');
    const seeded: number[] = [];
    const acknowledged = new Set<number>();
    const outcomes = [500, 200, 503, 0, 200, 200];
    for (const status of outcomes) {
      seeded.push(...(await w.seed([{}, {}])).map((c) => c.version_id));
      w.receiver.on('/dup', (_q, s) => {
        if (status === 0) s.destroy();
        else s.writeHead(status).end();
      });
      const n = w.at('/dup').length;
      await w.run();
      const got = w.at('/dup').slice(n);
      if (status === 200) for (const r of got) for (const v of ids(r)) acknowledged.add(v);
    }
    expect([...acknowledged].sort()).toEqual(seeded.sort());
    const all = w.at('/dup').flatMap(ids);
    expect(all.length).toBeGreaterThan(new Set(all).size); // resent after failures
    expect(await w.cursor(sub.subscription_id)).toBe(Math.max(...seeded));
  });

  it('caps redelivery at 14 days: older changes are skipped and the cursor passes them', async () => {
    const sub = await w.subscribe('/cap');
    w.receiver.on('/cap', (_q, s) => s.writeHead(500).end());
    const [old, recent, edge] = await w.seed([{ daysAgo: 20 }, { daysAgo: 3 }, { daysAgo: 13.9 }]);
    await w.run();
    expect(w.at('/cap').map(ids)).toEqual([[recent?.version_id, edge?.version_id]]);
    // Failure: the cursor moved only past the expired change, to just before the first one owed.
    expect(await w.cursor(sub.subscription_id)).toBe((recent?.version_id ?? 0) - 1);
    expect(old?.version_id).toBeLessThan(recent?.version_id ?? 0);

    // Two days later the 13.9-day-old change is past the window: only the 3-day-old one is resent.
    w.clock.set(new Date(w.clock.now().getTime() + 2 * 86_400_000));
    w.receiver.on('/cap', (_q, s) => s.writeHead(204).end());
    await w.run();
    expect(w.at('/cap').map(ids)[1]).toEqual([recent?.version_id]);
    expect(await w.cursor(sub.subscription_id)).toBe(edge?.version_id);
  });

  it('advances the cursor by conditional write: overlapping runs advance it once', async () => {
    const direct = await w.subscribe('/direct');
    const c0 = (await w.cursor(direct.subscription_id)) as number;
    const table = w.h.deps.tables.subscriptions;
    expect(await advanceCursor(table, direct.subscription_id, c0, c0 + 5)).toBe(true);
    expect(await advanceCursor(table, direct.subscription_id, c0, c0 + 9)).toBe(false);
    expect(await w.cursor(direct.subscription_id)).toBe(c0 + 5);
    await w.deactivateAll();

    const sub = await w.subscribe('/overlap');

    const seeded = await w.seed([{}, {}]);
    const [a, b] = await Promise.all([w.run(), w.run()]);
    // Either both sent (one conditional write lost) or the second saw nothing left: one advance in total.
    expect(a.delivered + b.delivered - a.cursor_conflicts - b.cursor_conflicts).toBe(1);
    expect(await w.cursor(sub.subscription_id)).toBe(seeded[1]?.version_id);
  });

  it('stops starting deliveries once the run deadline has passed, leaving cursors for the next run', async () => {
    const sub = await w.subscribe('/late');
    const before = await w.cursor(sub.subscription_id);
    await w.seed([{}]);
    expect(await w.run({ deadline: Date.now() - 1 })).toMatchObject({ deferred: 1, attempted: 0 });
    expect(w.at('/late')).toHaveLength(0);
    expect(await w.cursor(sub.subscription_id)).toBe(before);
  });
});
