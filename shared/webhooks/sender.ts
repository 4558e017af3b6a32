import type { LookupAddress } from 'node:dns';
import { request } from 'node:https';
import { isIP } from 'node:net';
import type { CheckedTarget } from './url-safety';

/** Spec "Limits": a receiver has 10 seconds to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * How the sender reaches receivers. Every field is for tests and benchmarks and can only be set
 * by code (never from configuration or a request): production uses the system trust store, the
 * 10 s deadline and connects to the checked address itself.
 */
export interface Transport {
  /** Extra trust anchors (PEM) replacing the system store: a test CA for a local receiver. */
  ca?: string | Buffer;
  /** Deadline for the whole exchange, default DELIVERY_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * Test-only: where to really connect for a checked public address (e.g. 93.184.215.14:443 ->
   * 127.0.0.1:54321), so a loopback receiver can stand in for a public one.
   */
  connectOverride?: (address: string, port: number) => { host: string; port: number } | undefined;
}

export interface SendResult {
  ok: boolean;
  /** HTTP status, null when no response arrived. */
  status: number | null;
  /** Why the attempt failed, null on success. */
  error: string | null;
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
 * followed (a 3xx is a failure), any non-2xx is a failure, and the whole exchange must finish
 * its response head within the deadline, after which the socket is destroyed.
 */
export function postPinned(
  target: CheckedTarget,
  body: Buffer,
  headers: Record<string, string>,
  transport: Transport = {},
): Promise<SendResult> {
  const started = performance.now();
  const timeoutMs = transport.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const address = target.addresses[0] as string;
  const override = transport.connectOverride?.(address, target.port);
  const hostIsIp = isIP(target.hostname) !== 0;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, latencyMs: Math.round(performance.now() - started) });
    };
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
    const timer = setTimeout(() => {
      finish({ ok: false, status: null, error: `no response within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.on('error', () => undefined);
      res.on('end', () => req.destroy());
      if (status >= 200 && status < 300) finish({ ok: true, status, error: null });
      else if (status >= 300 && status < 400) finish({ ok: false, status, error: `redirect (${status}) not followed` });
      else finish({ ok: false, status, error: `receiver answered ${status}` });
      // A receiver that keeps streaming its body is cut off at the deadline.
      setTimeout(() => req.destroy(), Math.max(0, timeoutMs - (performance.now() - started))).unref();
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      finish({ ok: false, status: null, error: `connection failed: ${e.code ?? e.message}` });
    });
    req.end(body);
  });
}
