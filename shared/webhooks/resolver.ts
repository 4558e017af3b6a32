import { Resolver as DnsResolver } from 'node:dns/promises';

/**
 * Resolves a host name to every address it has. Injected (tests make a public-looking name
 * resolve to a private address). The signal is the delivery attempt's deadline: a resolver must
 * stop its lookup when it aborts; the URL check also stops waiting then, whatever the resolver does.
 */
export type Resolver = (hostname: string, signal?: AbortSignal) => Promise<string[]>;

const QUERY_TIMEOUT_MS = 2_000;
const QUERY_TRIES = 2;

const hasCode = (e: unknown, ...codes: string[]) => codes.includes((e as NodeJS.ErrnoException)?.code ?? '');

/**
 * A cancellable DNS resolver: A and AAAA queries on a c-ares channel of its own per lookup,
 * cancelled (`Resolver#cancel`, pending queries reject with ECANCELLED) when the signal aborts,
 * so no lookup outlives its attempt's deadline. The OS resolver (`dns.lookup`, getaddrinfo) cannot
 * be cancelled and would hold a libuv worker thread until the system gives up. c-ares reads the
 * same /etc/resolv.conf; it does not read /etc/hosts, which only makes the rule stricter. IPv4
 * answers come first (deliveries connect to the first address); every answer is checked.
 * `servers` (ip or ip:port) is for tests: a local DNS server that never answers.
 */
export function dnsResolver(servers?: readonly string[]): Resolver {
  return async (hostname, signal) => {
    signal?.throwIfAborted();
    // Each query gives up on its own after 2 × 2 s: a server that drops AAAA queries must not hold
    // the A answer until the attempt's deadline (the answer then has the IPv4 addresses only).
    const dns = new DnsResolver({ timeout: QUERY_TIMEOUT_MS, tries: QUERY_TRIES });
    if (servers) dns.setServers([...servers]);
    const cancel = () => dns.cancel();
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      const [v4, v6] = await Promise.allSettled([dns.resolve4(hostname), dns.resolve6(hostname)]);
      signal?.throwIfAborted();
      const addresses = [v4, v6].flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      if (addresses.length > 0) return addresses;
      const failed = [v4, v6].find((r) => r.status === 'rejected' && !hasCode(r.reason, 'ENODATA'));
      throw failed?.status === 'rejected'
        ? failed.reason
        : Object.assign(new Error(`no addresses for ${hostname}`), { code: 'ENODATA' });
    } finally {
      signal?.removeEventListener('abort', cancel);
    }
  };
}

/** Production: the system's configured DNS servers. */
export const systemResolver: Resolver = dnsResolver();

/** A resolver over a fixed table (tests and benchmarks); unknown names fail like NXDOMAIN. */
export function staticResolver(table: Readonly<Record<string, readonly string[]>>): Resolver {
  return async (hostname) => {
    const found = table[hostname.toLowerCase().replace(/\.+$/, '')];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [...found];
  };
}
