import { isIPv4, isIPv6 } from 'node:net';

/**
 * IP address parsing for the webhook address check. Parsing is our own (not the OS resolver's)
 * so that every numeric spelling of an IPv4 address is recognised the way inet_aton(3) and the
 * WHATWG URL host parser read it: decimal `2130706433`, octal `0177.0.0.1`, hex `0x7f.1` and the
 * short forms `127.1` / `127.0.1` all mean 127.0.0.1.
 */

/** Parse one inet_aton component: decimal, octal (leading 0) or hex (0x). */
function parseComponent(s: string): number | undefined {
  if (s === '') return undefined;
  let digits = s;
  let radix = 10;
  if (/^0x/i.test(s)) {
    digits = s.slice(2);
    radix = 16;
    if (digits === '') return 0; // "0x" alone is 0 in both inet_aton and WHATWG
    if (!/^[0-9a-f]+$/i.test(digits)) return undefined;
  } else if (s.length > 1 && s.startsWith('0')) {
    digits = s.slice(1);
    radix = 8;
    if (!/^[0-7]+$/.test(digits)) return undefined;
  } else if (!/^[0-9]+$/.test(s)) {
    return undefined;
  }
  const n = Number.parseInt(digits, radix);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * The IPv4 address a host string denotes in any inet_aton spelling, as four bytes, or undefined
 * when the string is not a numeric IPv4 host (e.g. a DNS name). A trailing dot is tolerated.
 */
export function parseIPv4Loose(host: string): [number, number, number, number] | undefined {
  const parts = host.replace(/\.$/, '').split('.');
  if (parts.length < 1 || parts.length > 4) return undefined;
  const nums = parts.map(parseComponent);
  if (nums.some((n) => n === undefined)) return undefined;
  const values = nums as number[];
  const last = values[values.length - 1] as number;
  const head = values.slice(0, -1);
  if (head.some((n) => n > 255)) return undefined;
  if (last >= 256 ** (5 - values.length)) return undefined;
  let value = last;
  head.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
}

/** The 16 bytes of an IPv6 address (with or without brackets; a zone id is refused), or undefined. */
export function parseIPv6(input: string): Uint8Array | undefined {
  const s = input.replace(/^\[|\]$/g, '');
  if (s.includes('%') || !isIPv6(s)) return undefined;
  let head = s;
  let v4tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIPv4(tail)) return undefined;
    v4tail = tail.split('.').map(Number);
    head = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const [left, right] = head.includes('::') ? head.split('::') : [head, undefined];
  const groups = (x: string | undefined) => (x ? x.split(':').filter((g) => g !== '') : []);
  const l = groups(left);
  const r = groups(right);
  const missing = 8 - l.length - r.length;
  const all = right === undefined ? l : [...l, ...Array<string>(missing).fill('0'), ...r];
  if (all.length !== 8) return undefined;
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    const v = Number.parseInt(g, 16);
    bytes[i * 2] = v >> 8;
    bytes[i * 2 + 1] = v & 255;
  });
  if (v4tail.length === 4) bytes.set(v4tail, 12);
  return bytes;
}
