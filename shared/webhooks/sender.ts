import type { LookupAddress } from 'node:dns';
import { request } from 'node:https';
import { isIP } from 'node:net';
import { DELIVERY_TIMEOUT_MS, type Deadline, startDeadline } from './deadline';
import { classOfStatus, type FailureClass } from './failure';
import type { CheckedTarget } from './url-safety';

export { DELIVERY_TIMEOUT_MS } from './deadline';

/**
 * How the sender reaches receivers. Every field is for tests and benchmarks and can only be set
 * by code (never from configuration or a request): production uses the system trust store, the
 * 10 s deadline and connects to the checked address itself.
 */
export interface Transport {
  /** Extra trust anchors (PEM) replacing the system store: a test CA for a local receiver. */
  ca?: string | Buffer;
  /** The deadline of one whole attempt (DNS resolution and exchange together), default DELIVERY_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * Test-only: where to really connect for a checked public address (e.g. 93.184.215.14:443 ->
   * 127.0.0.1:54321), so a loopback receiver can stand in for a public one. It applies after the
   * URL rule (scheme, port, public addresses) has passed, so tests exercise the production rule.
   */
  connectOverride?: (address: string, port: number) => { host: string; port: number } | undefined;
}

export interface SendResult {
  ok: boolean;
  /** HTTP status, null when no response arrived. */
  status: number | null;
  /** Why the attempt failed, as the delivery log shows it; null on success. */
  failure: FailureClass | null;
  /** The raw cause (socket error, refusal reason) for the operator's log only: never stored or served. */
  detail: string | null;
  latencyMs: number;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` that answers with the already-checked address and never asks DNS: the socket goes
 * exactly where the safety check looked, so a name that re-resolves between check and connect
 * (DNS rebinding) cannot redirect it.
 */
export function pinnedLookup(address: string) {
  const family = isIP(address) || 4;
  return (_hostname: string, options: unknown, callback?: LookupCallback) => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    if (all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  };
}

/**
 * One POST of `body` to a checked target, connected to `target.addresses[0]`. Redirects are not
 * followed (a 3xx is a failure), any non-2xx is a failure, and the exchange ends at `deadline`
 * (the attempt's, shared with the DNS lookup before it), after which the socket is destroyed; a
 * receiver still streaming its body after answering is cut off then too. Without a deadline the
 * exchange gets one of its own (transport.timeoutMs). A connection error is classed by how far the
 * connection got: before TCP connected it is `refused`; between TCP and the end of the TLS
 * handshake, `tls`; after it, `refused` (dropped).
 */
export function postPinned(
  target: CheckedTarget,
  body: Buffer,
  headers: Record<string, string>,
  transport: Transport = {},
  deadline?: Deadline,
): Promise<SendResult> {
  const started = performance.now();
  const own = deadline ? undefined : startDeadline(transport.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  const { signal, at } = (deadline ?? own) as Deadline;
  const address = target.addresses[0] as string;
  const override = transport.connectOverride?.(address, target.port);
  const hostIsIp = isIP(target.hostname) !== 0;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let phase: 'connecting' | 'handshake' | 'secure' = 'connecting';
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...r, latencyMs: Math.round(performance.now() - started) });
    };
    if (signal.aborted) {
      own?.clear();
      finish({ ok: false, status: null, failure: 'timeout', detail: 'deadline passed before connecting' });
      return;
    }
    const req = request({
      method: 'POST',
      host: override ? override.host : hostIsIp ? address : target.hostname,
      port: override ? override.port : target.port,
      path: `${target.url.pathname}${target.url.search}`,
      servername: hostIsIp ? undefined : target.hostname,
      lookup: pinnedLookup(override ? override.host : address) as never,
      agent: false,
      ca: transport.ca,
      headers: {
        ...headers,
        Host: target.url.host,
        'Content-Length': String(body.length),
        'User-Agent': 'warrant-service-webhooks/1',
      },
    });
    const onDeadline = () => {
      finish({ ok: false, status: null, failure: 'timeout', detail: 'no response before the deadline' });
      req.destroy();
    };
    signal.addEventListener('abort', onDeadline, { once: true });
    let bodyCut: NodeJS.Timeout | undefined;
    req.on('close', () => {
      signal.removeEventListener('abort', onDeadline);
      own?.clear();
      clearTimeout(bodyCut);
    });
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        if (phase === 'connecting') phase = 'handshake';
      });
      socket.once('secureConnect', () => {
        phase = 'secure';
      });
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.on('error', () => undefined);
      res.on('end', () => req.destroy());
      // The caller may clear its deadline once this resolves: the body gets its own cut-off at the same instant.
      bodyCut = setTimeout(() => req.destroy(), Math.max(0, at - performance.now()));
      bodyCut.unref();
      const failure = classOfStatus(status);
      finish({ ok: failure === null, status, failure, detail: failure ? `receiver answered ${status}` : null });
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      const failure: FailureClass = phase === 'handshake' ? 'tls' : 'refused';
      finish({ ok: false, status: null, failure, detail: `connection failed (${phase}): ${e.code ?? e.message}` });
    });
    req.end(body);
  });
}
