import { createSubscriptionsGroup } from '../../../functions/subscriptions/routes';
import type { ChangeRecord } from '../../../shared/archive/change-record';
import { ACTIVE_PK, subKey } from '../../../shared/subscriptions/model';
import { getSubscription } from '../../../shared/subscriptions/store';
import type { Resolver } from '../../../shared/webhooks/resolver';
import { type DeliveryRunOptions, runDelivery } from '../../../shared/webhooks/run';
import type { Transport } from '../../../shared/webhooks/sender';
import { type Harness, startHarness } from '../../helpers/harness';
import { change, manualClock, seedChanges, testApp } from './fixtures';
import { makeTestPki, type Receiver, startReceiver, type TestPki } from './tls-receiver';

export const HOST = 'receiver.example.com';
/** A public address the test name "resolves" to; the transport override maps it to the local receiver. */
export const PUBLIC_ADDR = '93.184.215.14';

/**
 * Everything a delivery test needs: the harness (real dynalite), a real HTTPS receiver on
 * 127.0.0.1 with a throwaway CA, a resolver the test can re-point, and a transport that trusts
 * the CA and maps the checked public address to the receiver (code injection only).
 */
export async function startWorld(startIso = '2025-06-10T14:00:00Z') {
  const clock = manualClock(startIso);
  const h: Harness = await startHarness({ clock });
  const pki: TestPki = makeTestPki(HOST);
  const receiver: Receiver = await startReceiver(pki);
  const dns: Record<string, string[]> = { [HOST]: [PUBLIC_ADDR] };
  const lookups: string[] = [];
  const resolver: Resolver = async (name) => {
    lookups.push(name);
    const found = dns[name];
    if (!found) throw new Error(`ENOTFOUND ${name}`);
    return [...found];
  };
  const connects: string[] = [];
  const transport: Transport = {
    ca: pki.ca,
    timeoutMs: 5_000,
    connectOverride: (address, port) => {
      connects.push(`${address}:${port}`);
      return address === PUBLIC_ADDR && port === 443 ? { host: '127.0.0.1', port: receiver.port } : undefined;
    },
  };
  const app = testApp(h.deps, [createSubscriptionsGroup({ resolver, transport })]);
  let nextVersion = 1000;

  const world = {
    h,
    clock,
    receiver,
    dns,
    lookups,
    connects,
    resolver,
    transport,
    app,
    /** POST/GET through the app as key `owner`. */
    async call(path: string, json?: unknown, owner = 'key-owner'): Promise<Response> {
      const headers: Record<string, string> = { 'x-test-key': owner };
      if (json !== undefined) headers['content-type'] = 'application/json';
      return app.request(path, {
        method: json !== undefined ? 'POST' : 'GET',
        headers,
        body: json !== undefined ? JSON.stringify(json) : undefined,
      });
    },
    async subscribe(path: string, scope: { codes?: string[]; source_ids?: string[] } = {}) {
      const res = await world.call('/v1/subscriptions', {
        channel: 'webhook',
        webhook_url: `https://${HOST}${path}`,
        ...scope,
      });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as { subscription_id: number; signing_secret: string; unsubscribe_token: string };
    },
    /** Seed changes observed `daysAgo` before the clock (fractional days allowed). */
    async seed(specs: { daysAgo?: number; over?: Partial<ChangeRecord> }[]): Promise<ChangeRecord[]> {
      const now = clock.now().getTime();
      const made = specs.map((s) =>
        change(++nextVersion, new Date(now - (s.daysAgo ?? 0.01) * 86_400_000).toISOString(), s.over),
      );
      await seedChanges(h.deps.tables.archive, made);
      return made;
    },
    /** One run; the clock first moves a minute on, as consecutive real runs are apart in time. */
    run(opts: DeliveryRunOptions = {}) {
      clock.set(new Date(clock.now().getTime() + 60_000));
      return runDelivery(h.deps, { resolver, transport, concurrency: 4, ...opts });
    },
    cursor: async (id: number) => (await getSubscription(h.deps.tables.subscriptions, id))?.cursor,
    /** Requests the receiver got on one path, parsed. */
    at(path: string) {
      return receiver.received.filter((r) => r.path === path);
    },
    /** Take every subscription out of the run so tests do not see each other's. */
    async deactivateAll() {
      const table = h.deps.tables.subscriptions;
      for (const item of await table.queryAll(ACTIVE_PK, { index: 'gsi2' })) {
        await table.update(subKey(Number(item.id)), { set: { status: 'unsubscribed' }, remove: ['gsi2pk', 'gsi2sk'] });
      }
      receiver.reset();
      lookups.length = 0;
      connects.length = 0;
      dns[HOST] = [PUBLIC_ADDR];
    },
    async close() {
      await receiver.close();
      pki.cleanup();
      await h.close();
    },
  };
  return world;
}

export type World = Awaited<ReturnType<typeof startWorld>>;
