import { parseIPv4Loose, parseIPv6 } from './ip';
import { refuseAddress } from './public-address';
import type { Resolver } from './resolver';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** A name that takes longer than this to resolve is treated as not resolving. */
export const RESOLVE_TIMEOUT_MS = 5_000;

function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('resolution timed out')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** A webhook target that passed every check: the URL and the public addresses it resolved to. */
export interface CheckedTarget {
  url: URL;
  /** Host name as it goes into SNI and the Host header (brackets removed for IPv6 literals). */
  hostname: string;
  port: number;
  /** Every address the host resolved to, all public; deliveries connect to the first. */
  addresses: string[];
}

export type UrlCheck = { ok: true; target: CheckedTarget } | { ok: false; reason: string };

const refuse = (reason: string): UrlCheck => ({ ok: false, reason });

/**
 * The webhook URL rule (spec "Subscription", "Errors" 2): https only, no credentials, and EVERY
 * address the host resolves to is public. Run at registration and again at each delivery; the
 * delivery connects to an address returned here, never to a second lookup's answer.
 *
 * The WHATWG parser already rewrites numeric hosts (`2130706433`, `0177.0.0.1`, `0x7f.1`,
 * `127.1` all become 127.0.0.1); the host is also read with our own inet_aton parser so that a
 * numeric spelling can never slip through to the resolver as if it were a name.
 */
export async function checkWebhookUrl(raw: string, resolve: Resolver): Promise<UrlCheck> {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return refuse(`longer than ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('not a valid absolute URL');
  }
  if (url.protocol !== 'https:') return refuse('must use https');
  if (url.username || url.password) return refuse('must not carry credentials');
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!hostname) return refuse('has no host');
  const port = url.port ? Number(url.port) : 443;
  const lower = hostname.toLowerCase().replace(/\.$/, '');
  if (lower === 'localhost' || lower.endsWith('.localhost')) return refuse('must not point at localhost');

  const literal = parseIPv4Loose(hostname) ? hostname : parseIPv6(hostname) ? hostname : undefined;
  let addresses: string[];
  if (literal !== undefined) {
    addresses = [literal];
  } else {
    try {
      addresses = await withDeadline(resolve(hostname), RESOLVE_TIMEOUT_MS);
    } catch {
      return refuse(`host ${hostname} does not resolve`);
    }
  }
  if (addresses.length === 0) return refuse(`host ${hostname} does not resolve`);
  for (const address of addresses) {
    const why = refuseAddress(address);
    if (why) return refuse(`host ${hostname} resolves to ${address}: ${why}; only public addresses are allowed`);
  }
  return { ok: true, target: { url, hostname, port, addresses } };
}
