import { createHmac } from 'node:crypto';
import { startWorld, type World } from './world';

const ids = (r: { raw: Buffer }) =>
  JSON.parse(r.raw.toString('utf8')).changes.map((c: { version_id: number }) => c.version_id);

describe('manual redelivery and the delivery log', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld('2025-06-20T15:00:00Z');
  });
  afterAll(() => w.close());

  it('re-sends the in-scope changes observed in a day range as one delivery, without moving the cursor', async () => {
    const sub = await w.subscribe('/re', { codes: ['E0601'] });
    // Observed 2025-06-01 (19 days ago), 2025-06-17, 2025-06-19 (out of scope) and 2025-06-19; version ids
    // rise with observation time, as ingest assigns both.
    const [old, a, , c] = await w.seed([
      { daysAgo: 19, over: { affected_codes: ['E0601'] } },
      { daysAgo: 3, over: { affected_codes: ['E0601'] } },
      { daysAgo: 1, over: { affected_codes: ['A4253'] } },
      { daysAgo: 1, over: { affected_codes: ['E0601'] } },
    ]);
    await w.run();
    expect(w.at('/re').map(ids)).toEqual([[a?.version_id, c?.version_id]]);
    const cursor = await w.cursor(sub.subscription_id);

    const res = await w.call(`/v1/subscriptions/${sub.subscription_id}/redeliver`, {
      from: '2025-06-01',
      to: '2025-06-18',
    });
    expect(res.status).toBe(200);
    const out = await res.json();
    // Cut to 14 days back: the 19-day-old change is not resent; the window says so.
    expect(out).toMatchObject({
      subscription_id: sub.subscription_id,
      count: 1,
      window: { from: '2025-06-06T15:01:00.000Z' },
    });
    expect(out.window.to).toBe('2025-06-18T23:59:59.999Z');
    expect(out.attempt).toMatchObject({ ok: true, status_code: 204, kind: 'redelivery', count: 1 });
    const [, again] = w.at('/re');
    if (!again) throw new Error('no redelivery');
    expect(ids(again)).toEqual([a?.version_id]);
    expect(ids(again)).not.toContain(old?.version_id);
    expect(again.headers['x-service-signature']).toBe(
      createHmac('sha256', sub.signing_secret).update(again.raw).digest('hex'),
    );
    expect(await w.cursor(sub.subscription_id)).toBe(cursor);

    // Nothing in range: no request, attempt null.
    const none = await (
      await w.call(`/v1/subscriptions/${sub.subscription_id}/redeliver`, { from: '2025-06-20', to: '2025-06-20' })
    ).json();
    expect(none).toMatchObject({ count: 0, attempt: null });
    expect(w.at('/re')).toHaveLength(2);

    // The log pages newest first and ends on a unique key.
    const page1 = await (
      await w.call(`/v1/subscriptions/${sub.subscription_id}/deliveries?limit=1&include_total=true`)
    ).json();
    expect(page1).toMatchObject({ total: 2, next_offset: 1 });
    expect(page1.items[0].kind).toBe('redelivery');
    const page2 = await (await w.call(`/v1/subscriptions/${sub.subscription_id}/deliveries?limit=1&offset=1`)).json();
    expect(page2).toMatchObject({ next_offset: null });
    expect(page2.items[0]).toMatchObject({
      kind: 'scheduled',
      count: 2,
      first_version_id: a?.version_id,
      last_version_id: c?.version_id,
    });
  });

  it('refuses ranges it cannot serve, naming the parameter', async () => {
    const sub = await w.subscribe('/re2');
    const post = (json: unknown) => w.call(`/v1/subscriptions/${sub.subscription_id}/redeliver`, json);
    const loc = async (r: Response) => (await r.json()).errors.map((e: { loc: string[] }) => e.loc.join('.'));
    const tooOld = await post({ from: '2025-05-01', to: '2025-05-20' });
    expect(tooOld.status).toBe(400);
    expect(await loc(tooOld)).toEqual(['body.to']);
    expect(await loc(await post({ from: '2025-06-18', to: '2025-06-10' }))).toEqual(['body.to']);
    expect(await loc(await post({ from: '2025-07-01', to: '2025-07-02' }))).toEqual(['body.from']);
    expect(await loc(await post({ from: '2025-02-30', to: '2025-06-10' }))).toEqual(['body.from']);
    expect((await post({ from: '2025-06-10', to: '2025-06-18' })).status).toBe(200);
  });

  it('answers 409 for an unsubscribed subscription and 404 for another key', async () => {
    const sub = await w.subscribe('/re3');
    expect(
      (
        await w.call(
          `/v1/subscriptions/${sub.subscription_id}/redeliver`,
          { from: '2025-06-10', to: '2025-06-18' },
          'key-other',
        )
      ).status,
    ).toBe(404);
    await w.call(`/v1/subscriptions/unsubscribe?token=${sub.unsubscribe_token}`, {});
    const res = await w.call(`/v1/subscriptions/${sub.subscription_id}/redeliver`, {
      from: '2025-06-10',
      to: '2025-06-18',
    });
    expect(res.status).toBe(409);
  });
});
