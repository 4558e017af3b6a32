import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { type DeliverContext, deliverChanges } from '../../../shared/webhooks/deliver';
import { FAILURE_CLASSES, storedFailure } from '../../../shared/webhooks/failure';
import { staticResolver } from '../../../shared/webhooks/resolver';
import { makeTestPki, type Receiver, startReceiver, type TestPki } from '../../integration/webhooks/tls-receiver';

/**
 * Issue 17 point 4: a failed attempt is reported as a coarse class, never as the raw socket or
 * TLS error (which would let a subscriber probe hosts and ports from the service's network).
 */
const HOST = 'receiver.example.com';
const resolver = staticResolver({ [HOST]: ['93.184.215.14'] });

function ctx(port: number, ca?: string): DeliverContext {
  return {
    resolver,
    now: () => new Date('2025-06-10T14:00:00Z'),
    allowedPorts: [443],
    transport: { timeoutMs: 3_000, ca, connectOverride: () => ({ host: '127.0.0.1', port }) },
  };
}
const deliver = (path: string, c: DeliverContext) =>
  deliverChanges({ id: 3, webhook_url: `https://${HOST}${path}`, secret: 'whsec_t' }, [], c);

describe('delivery failure classes', () => {
  let pki: TestPki;
  let receiver: Receiver;
  let plain: HttpServer;
  let closedPort: number;

  beforeAll(async () => {
    pki = makeTestPki(HOST);
    receiver = await startReceiver(pki);
    receiver.on('/ok', (_q, s) => s.writeHead(204).end());
    receiver.on('/500', (_q, s) => s.writeHead(500).end('boom at 10.0.0.3'));
    receiver.on('/404', (_q, s) => s.writeHead(404).end());
    receiver.on('/301', (_q, s) => s.writeHead(301, { Location: 'https://169.254.169.254/' }).end());
    receiver.on('/reset', (_q, s) => s.socket?.destroy());
    plain = createHttpServer((_q, s) => s.writeHead(200).end('not tls'));
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
  });
  afterAll(async () => {
    await receiver.close();
    await new Promise((r) => plain.close(r));
    pki.cleanup();
  });

  it('success has no failure class', async () => {
    expect(await deliver('/ok', ctx(receiver.port, pki.ca))).toMatchObject({
      ok: true,
      status: 204,
      failure: null,
    });
  });

  it.each([
    ['/500', 500, 'non_2xx'],
    ['/404', 404, 'non_2xx'],
    ['/301', 301, 'redirect'],
  ])('%s is %s -> %s, with the status', async (path, status, failure) => {
    expect(await deliver(path, ctx(receiver.port, pki.ca))).toMatchObject({ ok: false, status, failure });
  });

  it('a closed port is refused', async () => {
    const r = await deliver('/x', ctx(closedPort));
    expect(r).toMatchObject({ ok: false, status: null, failure: 'refused' });
    expect(r.detail).toMatch(/ECONNREFUSED/); // the operator's log keeps the cause
  });

  it('a connection dropped after the handshake is refused, not tls', async () => {
    expect(await deliver('/reset', ctx(receiver.port, pki.ca))).toMatchObject({ ok: false, failure: 'refused' });
  });

  it('an untrusted certificate is tls', async () => {
    const r = await deliver('/ok', ctx(receiver.port));
    expect(r).toMatchObject({ ok: false, status: null, failure: 'tls' });
  });

  it('a server that does not speak TLS is tls', async () => {
    const r = await deliver('/x', ctx((plain.address() as AddressInfo).port));
    expect(r).toMatchObject({ ok: false, status: null, failure: 'tls' });
  });

  it('every class is a fixed word', () => {
    for (const c of FAILURE_CLASSES) expect(c).toMatch(/^[a-z0-9_]+$/);
  });

  it.each([
    [true, null, 204, null],
    [false, 'timeout', null, 'timeout'],
    [false, 'no response within 10000 ms', null, 'timeout'],
    [false, 'redirect (302) not followed', 302, 'redirect'],
    [false, 'receiver answered 503', 503, 'non_2xx'],
    [false, 'refused at delivery: host a.example resolves to 10.0.0.5: private', null, 'blocked_address'],
    [false, 'refused at delivery: host a.example does not resolve', null, 'dns'],
    [false, 'refused at delivery: must use https', null, 'blocked_url'],
    [false, 'connection failed: ECONNREFUSED', null, 'refused'],
    [false, 'connection failed: EHOSTUNREACH', null, 'refused'],
    [false, 'connection failed: UNABLE_TO_VERIFY_LEAF_SIGNATURE', null, 'tls'],
    [false, 'connection failed: ERR_TLS_CERT_ALTNAME_INVALID', null, 'tls'],
    [false, 'not sent: webhook secret key missing', null, 'not_sent'],
    [false, 'something else entirely', null, 'refused'],
  ] as const)('reads a stored entry (ok=%s, %j, %s) as %s', (ok, error, status, want) => {
    expect(storedFailure(ok, error, status)).toBe(want);
  });
});
