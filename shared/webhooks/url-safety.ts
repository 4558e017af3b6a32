import { DELIVERY_TIMEOUT_MS, isDeadline, startDeadline, untilAborted } from './deadline';
import { parseIPv4Loose, parseIPv6 } from './ip';
import { refuseAddress } from './public-address';
import type { Resolver } from './resolver';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** The ports a webhook URL may use when the operator configures none (WEBHOOK_ALLOWED_PORTS). */
export const DEFAULT_WEBHOOK_PORTS: readonly number[] = [443];

/** A webhook target that passed every check: the URL and the public addresses it resolved to. */
export interface CheckedTarget {
  url: URL;
  /** Host name as it goes into SNI and the Host header (brackets removed for IPv6 literals). */
  hostname: string;
  port: number;
  /** Every address the host resolved to, all public; deliveries connect to the first. */
  addresses: string[];
}

/** Which part of the rule a URL broke. */
export type UrlRefusal =
  | 'invalid'
  | 'too_long'
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'localhost'
  | 'private_address'
  | 'dns'
  | 'timeout';

export type UrlCheck = { ok: true; target: CheckedTarget } | { ok: false; refusal: UrlRefusal; reason: string };

export interface UrlCheckOptions {
  /** Ports the URL may name (config.webhooks.allowedPorts); default 443 only. */
  allowedPorts?: readonly number[];
  /** The attempt's deadline; without one the check gets a deadline of its own (DELIVERY_TIMEOUT_MS). */
  signal?: AbortSignal;
}

const refuse = (refusal: UrlRefusal, reason: string): UrlCheck => ({ ok: false, refusal, reason });

/**
 * The webhook URL rule (spec "Subscription", "Errors" 2): https only, no credentials, a port the
 * operator allows (443 unless WEBHOOK_ALLOWED_PORTS says more), and EVERY address the host
 * resolves to is public. Run at registration and again at each delivery; the delivery connects to
 * an address returned here, never to a second lookup's answer.
 *
 * The WHATWG parser already rewrites numeric hosts (`2130706433`, `0177.0.0.1`, `0x7f.1`,
 * `127.1` all become 127.0.0.1); the host is also read with our own inet_aton parser so that a
 * numeric spelling can never slip through to the resolver as if it were a name. A refusal of a
 * resolved name never names the addresses it resolved to: that would answer questions about the
 * service's own DNS view (split-horizon names) to whoever registers a URL.
 */
export async function checkWebhookUrl(raw: string, resolve: Resolver, opts: UrlCheckOptions = {}): Promise<UrlCheck> {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    return refuse('too_long', `longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('invalid', 'not a valid absolute URL');
  }
  if (url.protocol !== 'https:') return refuse('scheme', 'must use https');
  if (url.username || url.password) return refuse('credentials', 'must not carry credentials');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!hostname) return refuse('invalid', 'has no host');
  const port = url.port ? Number(url.port) : 443;
  const allowed = opts.allowedPorts ?? DEFAULT_WEBHOOK_PORTS;
  if (!allowed.includes(port)) return refuse('port', `port ${port} is not allowed (allowed: ${allowed.join(', ')})`);
  const lower = hostname.toLowerCase().replace(/\.+$/, '');
  if (lower === 'localhost' || lower.endsWith('.localhost')) return refuse('localhost', 'must not point at localhost');

  const literal = parseIPv4Loose(hostname) !== undefined || parseIPv6(hostname) !== undefined;
  if (literal) {
    const why = refuseAddress(hostname);
    if (why) return refuse('private_address', `${hostname} is ${why}; only public addresses are allowed`);
    return { ok: true, target: { url, hostname, port, addresses: [hostname] } };
  }
  const own = opts.signal ? undefined : startDeadline(DELIVERY_TIMEOUT_MS);
  const signal = opts.signal ?? own?.signal;
  let addresses: string[];
  try {
    addresses = await untilAborted(resolve(hostname, signal), signal);
  } catch {
    if (isDeadline(signal)) return refuse('timeout', `host ${hostname} did not resolve in time`);
    return refuse('dns', `host ${hostname} does not resolve`);
  } finally {
    own?.clear();
  }
  if (addresses.length === 0) return refuse('dns', `host ${hostname} does not resolve`);
  if (addresses.some((a) => refuseAddress(a) !== undefined)) {
    return refuse(
      'private_address',
      `host ${hostname} resolves to an address that is not public (private, loopback, link-local or reserved); only public addresses are allowed`,
    );
  }
  return { ok: true, target: { url, hostname, port, addresses } };
}
