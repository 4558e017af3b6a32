/**
 * Character decoding for text-like publisher files (CSV, TXT, PRN). Publishers mix UTF-8 (with
 * and without a byte-order mark), ISO-8859-1 and Windows-1252, and rarely say which. The rule,
 * in order:
 *   1. a byte-order mark decides (UTF-8, UTF-16LE, UTF-16BE) and is not part of the text;
 *   2. a declared UTF-16 encoding is honoured when the bytes decode under it;
 *   3. bytes that are valid UTF-8 are UTF-8 (Latin-1 prose is almost never valid UTF-8 by chance,
 *      so this also repairs a wrong "latin1" declaration on a UTF-8 file);
 *   4. a declared encoding other than UTF-8 is honoured when the bytes decode under it;
 *   5. everything else is Windows-1252, which decodes every byte (its printable range is a superset
 *      of ISO-8859-1's), so a wrong "utf-8" declaration on Latin-1 bytes still renders.
 * Decoding never produces U+FFFD.
 */
import { decodeWindows1252 } from './cp1252';

export interface Decoded {
  /** WHATWG encoding name (`utf-8`, `windows-1252`, `utf-16le`, ...), or null for empty input. */
  encoding: string | null;
  text: string;
}

const SINGLE_BYTE_LATIN = new Set(['windows-1252', 'iso-8859-1', 'latin1', 'us-ascii', 'ascii']);

/** The WHATWG name for an encoding label, or null when the label is unknown. */
export function normalizeEncodingLabel(label: string | undefined): string | null {
  if (!label) return null;
  const l = label.trim().toLowerCase();
  if (SINGLE_BYTE_LATIN.has(l) || l === 'cp1252' || l === 'iso8859-1' || l === 'l1') return 'windows-1252';
  try {
    return new TextDecoder(l).encoding;
  } catch {
    return null;
  }
}

/** Reads `charset=` from a Content-Type value. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const m = contentType ? /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType) : null;
  return m?.[1];
}

function tryDecode(encoding: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Decodes bytes to text by the rule above; the stored bytes are never touched. */
export function decodeText(bytes: Uint8Array, declared?: string): Decoded {
  if (bytes.length === 0) return { encoding: null, text: '' };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const text = tryDecode('utf-8', bytes.subarray(3));
    if (text !== null) return { encoding: 'utf-8', text };
  }
  for (const [b0, b1, enc] of [[0xff, 0xfe, 'utf-16le'] as const, [0xfe, 0xff, 'utf-16be'] as const]) {
    if (bytes[0] === b0 && bytes[1] === b1) {
      const text = tryDecode(enc, bytes.subarray(2));
      if (text !== null) return { encoding: enc, text };
    }
  }
  const want = normalizeEncodingLabel(declared);
  if (want === 'utf-16le' || want === 'utf-16be') {
    const text = tryDecode(want, bytes);
    if (text !== null) return { encoding: want, text };
  }
  const utf8 = tryDecode('utf-8', bytes);
  if (utf8 !== null) return { encoding: 'utf-8', text: utf8 };
  if (want && want !== 'utf-8' && want !== 'windows-1252') {
    const text = tryDecode(want, bytes);
    if (text !== null && !text.includes('\uFFFD')) return { encoding: want, text };
  }
  return { encoding: 'windows-1252', text: decodeWindows1252(bytes) };
}
