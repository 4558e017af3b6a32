import { parseIPv4Loose, parseIPv6 } from './ip';

/**
 * Whether an address may receive a webhook: only globally reachable unicast. Ranges follow the
 * IANA special-purpose address registries (RFC 6890 and its updates); everything that is not
 * "globally reachable" there is refused, because a webhook must never reach the service's own
 * network, the cloud metadata endpoint (169.254.169.254) or a documentation/benchmark range.
 */

type Cidr4 = readonly [number, number, number, number, number];

const BLOCKED_V4: readonly Cidr4[] = [
  [0, 0, 0, 0, 8], // "this network" (0.0.0.0 reaches the local host on Linux)
  [10, 0, 0, 0, 8], // private (RFC 1918)
  [100, 64, 0, 0, 10], // carrier-grade NAT (RFC 6598)
  [127, 0, 0, 0, 8], // loopback
  [169, 254, 0, 0, 16], // link-local, including 169.254.169.254 (cloud metadata)
  [172, 16, 0, 0, 12], // private (RFC 1918)
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // TEST-NET-1
  [192, 31, 196, 0, 24], // AS112
  [192, 52, 193, 0, 24], // AMT
  [192, 88, 99, 0, 24], // 6to4 relay anycast (deprecated)
  [192, 168, 0, 0, 16], // private (RFC 1918)
  [192, 175, 48, 0, 24], // direct delegation AS112
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // TEST-NET-2
  [203, 0, 113, 0, 24], // TEST-NET-3
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, including 255.255.255.255 broadcast
];

function inV4(bytes: readonly number[], [a, b, c, d, bits]: Cidr4): boolean {
  const [w = 0, x = 0, y = 0, z = 0] = bytes;
  const value = ((w << 24) | (x << 16) | (y << 8) | z) >>> 0;
  const base = ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (value & mask) === (base & mask);
}

/** Why an IPv4 address (four bytes) is refused, or undefined when it is public. */
export function refuseV4(bytes: readonly number[]): string | undefined {
  return BLOCKED_V4.some((cidr) => inV4(bytes, cidr)) ? 'a private or reserved IPv4 address' : undefined;
}

/** Prefix test on the first `bits` bits of a 16-byte address. */
function inV6(bytes: Uint8Array, prefix: readonly number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    const want = ((prefix[byte] ?? 0) & mask) !== 0;
    if ((((bytes[byte] ?? 0) & mask) !== 0) !== want) return false;
  }
  return true;
}

const BLOCKED_V6: readonly [readonly number[], number, string][] = [
  [[0x20, 0x01, 0x00, 0x00], 23, 'an IETF protocol assignment (Teredo, ORCHID, benchmarking)'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'a documentation IPv6 address'],
  [[0x20, 0x02], 16, 'a 6to4 address (it embeds an IPv4 address)'],
  [[0x3f, 0xff], 20, 'a documentation IPv6 address'],
];

/**
 * Why an IPv6 address (16 bytes) is refused, or undefined when it is public. Only global unicast
 * (2000::/3) may pass, which already excludes ::, ::1, IPv4-mapped (::ffff:0:0/96) and
 * IPv4-compatible forms, NAT64 (64:ff9b::/96, 64:ff9b:1::/48), discard (100::/64), unique-local
 * (fc00::/7), link-local (fe80::/10), site-local (fec0::/10) and multicast (ff00::/8).
 */
export function refuseV6(bytes: Uint8Array): string | undefined {
  if (bytes.every((b) => b === 0)) return 'the unspecified IPv6 address';
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1) return 'the IPv6 loopback address';
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return 'an IPv4-mapped IPv6 address';
  }
  if (!inV6(bytes, [0x20], 3)) return 'an IPv6 address outside global unicast (2000::/3)';
  for (const [prefix, bits, why] of BLOCKED_V6) if (inV6(bytes, prefix, bits)) return why;
  return undefined;
}

/**
 * Why an address literal is refused, or undefined when it is public. Accepts what a resolver
 * returns and any numeric IPv4 spelling; anything unparseable is refused.
 */
export function refuseAddress(address: string): string | undefined {
  const v4 = parseIPv4Loose(address);
  if (v4) return refuseV4(v4);
  const v6 = parseIPv6(address);
  if (v6) return refuseV6(v6);
  return 'not an IP address';
}

/** True when the address is globally reachable unicast. */
export function isPublicAddress(address: string): boolean {
  return refuseAddress(address) === undefined;
}
