import { lookup } from 'node:dns/promises';

/**
 * Resolves a host name to every address it has. Injected (tests make a public-looking name
 * resolve to a private address); production uses the operating system's resolver, the same one
 * a socket connect would use, so the addresses checked are the addresses that would be reached.
 */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => {
  const all = await lookup(hostname, { all: true, verbatim: true });
  return all.map((a) => a.address);
};

/** A resolver over a fixed table (tests and benchmarks); unknown names fail like NXDOMAIN. */
export function staticResolver(table: Readonly<Record<string, readonly string[]>>): Resolver {
  return async (hostname) => {
    const found = table[hostname.toLowerCase().replace(/\.$/, '')];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [...found];
  };
}
