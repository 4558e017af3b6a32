/**
 * Windows-1252 decoding per the WHATWG Encoding Standard's index-windows-1252. Node 20's
 * TextDecoder('windows-1252') decodes 0x80-0x9F as ISO-8859-1 C1 controls (so 0x96 would not be an
 * en dash), hence this table. The five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90,
 * 0x9D) map to the C1 control of the same value, as WHATWG specifies; every byte decodes.
 */
const HIGH: readonly number[] = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d,
  0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x009d, 0x017e, 0x0178,
];

const TABLE: string[] = Array.from({ length: 256 }, (_, b) =>
  String.fromCharCode(b >= 0x80 && b <= 0x9f ? (HIGH[b - 0x80] as number) : b),
);

/** Decodes every byte; never yields U+FFFD. */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    let s = '';
    const end = Math.min(bytes.length, start + CHUNK);
    for (let i = start; i < end; i++) s += TABLE[bytes[i] as number];
    parts.push(s);
  }
  return parts.join('');
}
