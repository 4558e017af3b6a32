import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { DELIVERY_TIMEOUT_MS, DeadlineError, startDeadline } from '../../../shared/webhooks/deadline';
import { type DeliverContext, deliverChanges } from '../../../shared/webhooks/deliver';
import { dnsResolver, type Resolver } from '../../../shared/webhooks/resolver';
import type { SendResult } from '../../../shared/webhooks/sender';
import { makeTestPki, type Receiver, startReceiver, type TestPki } from '../../integration/webhooks/tls-receiver';

/**
 * Issue 17 point 4: ONE deadline covers resolving the host and the whole exchange of an attempt.
 * The deadline is injected (200 ms); every server is on 127.0.0.1, reached through the test-only
 * connect override after the URL rule has passed for a public address on port 443.
 */
const DEADLINE = 200;
/** Scheduling slack on a loaded (2-core, shared) machine; still far below the 10 s default. */
const SLACK = 300;
/**
 * Timers count from the event loop's cached clock, so one may fire before performance.now() says:
 * by tens of ms when the loop was busy as the timer was set (seen: 27 ms under a parallel test run).
 * The lower bound only shows the attempt waited for its deadline rather than failing at once.
 */
const EARLY = DEADLINE / 2;
const HOST = 'receiver.example.com';
const PUBLIC_ADDR = '93.184.215.14';
const URL_ = `https://${HOST}/hook`;

const answers =
  (delayMs = 0): Resolver =>
  (_host, signal) =>
    new Promise((resolve, reject) => {
      const t = setTimeout(() => resolve([PUBLIC_ADDR]), delayMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(t);
        reject(signal.reason);
      });
    });

function ctx(resolver: Resolver, port: number, extra: Partial<DeliverContext['transport']> = {}): DeliverContext {
  return {
    resolver,
    now: () => new Date('2025-06-10T14:00:00Z'),
    allowedPorts: [443],
    transport: { timeoutMs: DEADLINE, connectOverride: () => ({ host: '127.0.0.1', port }), ...extra },
  };
}

async function timed(p: Promise<SendResult>): Promise<{ r: SendResult; ms: number }> {
  const t0 = performance.now();
  const r = await p;
  return { r, ms: performance.now() - t0 };
}

const deliver = (c: DeliverContext) => deliverChanges({ id: 7, webhook_url: URL_, secret: 'whsec_t' }, [], c);

describe('one deadline per delivery attempt', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let silentPort: number;
  let dns: UdpSocket;
  let dnsQueries = 0;
  let pki: TestPki;
  let receiver: Receiver;

  beforeAll(async () => {
    // Accepts TCP and never says a word: the TLS handshake never completes.
    silent = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    silentPort = (silent.address() as AddressInfo).port;
    // A DNS server that receives queries and never answers.
    dns = createSocket('udp4');
    dns.on('message', () => dnsQueries++);
    await new Promise<void>((r) => dns.bind(0, '127.0.0.1', r));
    // A real HTTPS receiver that completes TLS, reads the request and never answers it.
    pki = makeTestPki(HOST);
    receiver = await startReceiver(pki);
    receiver.on('/hook', () => undefined);
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
    await new Promise<void>((r) => dns.close(() => r()));
    await receiver.close();
    pki.cleanup();
  });

  it('defaults to the spec 10 s', () => {
    expect(DELIVERY_TIMEOUT_MS).toBe(10_000);
  });

  it('a lookup that never answers ends the attempt at the deadline as timeout, and is told to stop', async () => {
    let seen: AbortSignal | undefined;
    const never: Resolver = (_host, signal) => {
      seen = signal;
      return new Promise(() => undefined); // ignores its signal: the check must not wait anyway
    };
    const { r, ms } = await timed(deliver(ctx(never, silentPort)));
    expect(r).toMatchObject({ ok: false, status: null, failure: 'timeout' });
    expect(ms).toBeGreaterThanOrEqual(DEADLINE - EARLY);
    expect(ms).toBeLessThan(DEADLINE + SLACK);
    expect(seen?.aborted).toBe(true);
  });

  it('cancels a real DNS lookup at the deadline: the query was sent and its promise settles with it', async () => {
    const resolver = dnsResolver([`127.0.0.1:${(dns.address() as AddressInfo).port}`]);
    const before = dnsQueries;
    const { r, ms } = await timed(deliver(ctx(resolver, silentPort)));
    expect(r).toMatchObject({ ok: false, failure: 'timeout' });
    expect(ms).toBeLessThan(DEADLINE + SLACK);
    expect(dnsQueries).toBeGreaterThan(before);

    // The lookup itself, not just the wait for it, ends at the deadline: dnsResolver settles only
    // once both of its queries have, and without Resolver#cancel c-ares would retry for seconds.
    const d = startDeadline(DEADLINE);
    const t0 = performance.now();
    await expect(resolver('slow.example.com', d.signal)).rejects.toBeInstanceOf(DeadlineError);
    expect(performance.now() - t0).toBeLessThan(DEADLINE + SLACK);
    d.clear();
  });

  it('a server that accepts TCP and never responds ends the attempt at the deadline as timeout', async () => {
    const { r, ms } = await timed(deliver(ctx(answers(), silentPort)));
    expect(r).toMatchObject({ ok: false, status: null, failure: 'timeout' });
    expect(ms).toBeGreaterThanOrEqual(DEADLINE - EARLY);
    expect(ms).toBeLessThan(DEADLINE + SLACK);
    expect(r.latencyMs).toBeGreaterThanOrEqual(DEADLINE - EARLY);
  });

  it('an HTTPS receiver that reads the request and never answers ends the attempt at the deadline', async () => {
    const before = receiver.received.length;
    const { r, ms } = await timed(deliver(ctx(answers(), receiver.port, { ca: pki.ca })));
    expect(r).toMatchObject({ ok: false, status: null, failure: 'timeout' });
    expect(ms).toBeLessThan(DEADLINE + SLACK);
    expect(receiver.received.length).toBe(before + 1); // the request arrived; no answer came
  });

  it('DNS time and exchange time share the one deadline: a slow lookup leaves less for the exchange', async () => {
    // A longer deadline here so that one deadline (1 s) and two in a row (1.7 s) stay far apart under load.
    const deadline = 1_000;
    const lookup = 700;
    const { r, ms } = await timed(deliver(ctx(answers(lookup), silentPort, { timeoutMs: deadline })));
    expect(r).toMatchObject({ ok: false, failure: 'timeout' });
    expect(ms).toBeGreaterThanOrEqual(deadline - EARLY);
    expect(ms).toBeLessThan(deadline + SLACK);
    expect(ms).toBeLessThan(lookup + deadline - (2 * SLACK) / 3);
  });

  it('a lookup that takes the whole deadline leaves no exchange: nothing connects', async () => {
    const connects: number[] = [];
    const c = ctx(answers(DEADLINE + 100), silentPort);
    c.transport = {
      ...c.transport,
      connectOverride: () => {
        connects.push(1);
        return { host: '127.0.0.1', port: silentPort };
      },
    };
    const { r, ms } = await timed(deliver(c));
    expect(r).toMatchObject({ ok: false, failure: 'timeout' });
    expect(ms).toBeLessThan(DEADLINE + SLACK);
    expect(connects).toEqual([]);
  });
});
