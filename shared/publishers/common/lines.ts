import { toChunks } from './bytes';
import { PublisherFormatError } from './errors';
import type { ByteInput, Encoding } from './types';

/**
 * One physical line: its text without the terminator, its 1-based number, the terminator seen, and
 * `end`, the byte offset in the file just past the terminator (where the next line starts: the
 * point a resumed read seeks to).
 */
export interface PhysicalLine {
  text: string;
  line: number;
  eol: '\r\n' | '\n' | '';
  end: number;
}

/**
 * Where reading starts. A fresh read starts at `{ offset: 0, line: 0 }` and the reader sets `bom`
 * when the file opens with a UTF-8 byte-order mark. A resumed read (`offset` > 0: the input holds
 * the file's bytes from there, e.g. an S3 ranged GET) starts at a line boundary, counts lines on
 * from `line`, and decodes as UTF-8 when `bom` says the file opened with the mark.
 */
export interface LineStart {
  offset: number;
  line: number;
  bom: boolean;
}

/** True when the bytes open with the UTF-8 byte-order mark (which then wins over any declared encoding). */
export function hasUtf8Bom(buf: Buffer): boolean {
  return buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
}

/** No publisher line comes near this; a longer one means the bytes are not the layout we expect. */
export const MAX_LINE_CHARS = 32 * 1024 * 1024;

/** A decoder of chunks, and whether it maps each byte to one UTF-16 unit (so char offsets are byte offsets). */
interface Decoder {
  decode(chunk: Buffer, final: boolean): string;
  singleByte: boolean;
}

function decoderFor(encoding: Encoding): Decoder {
  if (encoding === 'latin1') return { decode: (chunk) => chunk.toString('latin1'), singleByte: true };
  if (encoding === 'windows-1252') {
    // Single-byte: chunk boundaries cannot split a character, and a chunk of n bytes is n
    // characters. `stream: true` (no state to carry) keeps Node 20 on ICU: its one-shot fast
    // path decodes windows-1252 as latin1 (0x96 stays U+0096 instead of an en dash).
    // Decoding as latin1 and only chunks holding 0x80-0x9F through ICU was measured too (50 MB of
    // the PTP bench file, line scan as ptp.ts does it): no gain, so not done.
    const d = new TextDecoder('windows-1252');
    return { decode: (chunk) => d.decode(chunk, { stream: true }), singleByte: true };
  }
  // UTF-8 decodes in streaming mode so a character split across chunks is completed by the next chunk.
  const d = new TextDecoder('utf-8');
  return { decode: (chunk, final) => d.decode(chunk, { stream: !final }), singleByte: false };
}

/**
 * Splits bytes into physical lines on LF (a CR before it is dropped and reported in `eol`),
 * decoding each chunk as it arrives. A UTF-8 byte-order mark is stripped and switches decoding
 * to UTF-8 whatever was declared. Lines come in batches, one per input chunk (fewer async hops on
 * files of millions of lines); at most one chunk plus one partial line is held, so memory stays flat.
 *
 * Byte offsets (`end`) are found on the raw bytes: an LF byte never occurs inside a multi-byte
 * UTF-8 sequence, and every decoder used maps it to exactly one `\n`, so the k-th `\n` of a chunk's
 * text is the k-th LF byte of that chunk.
 */
export async function* readLineBatches(
  input: ByteInput,
  encoding: Encoding,
  parserId = 'lines',
  start: LineStart = { offset: 0, line: 0, bom: false },
): AsyncGenerator<PhysicalLine[]> {
  const resumed = start.offset > 0;
  let decoder = decoderFor(resumed && start.bom ? 'utf-8' : encoding);
  let carry = '';
  let lineNo = start.line;
  let first = !resumed;
  /** Byte offset in the file of the chunk being split. */
  let base = start.offset;
  const split = (text: string, chunk: Buffer): PhysicalLine[] => {
    const batch: PhysicalLine[] = [];
    let from = 0;
    let lf = 0;
    // Single-byte decoding: the text's k-th character is the k-th byte from where the carried
    // partial line started, so offsets come from character positions (no second scan of the bytes).
    const textBase = decoder.singleByte ? base - (text.length - chunk.length) : -1;
    for (;;) {
      const nl = text.indexOf('\n', from);
      if (nl < 0) break;
      lf = textBase >= 0 ? nl + 1 : chunk.indexOf(10, lf) + 1;
      const crlf = nl > from && text.charCodeAt(nl - 1) === 13;
      batch.push({
        text: text.slice(from, crlf ? nl - 1 : nl),
        line: ++lineNo,
        eol: crlf ? '\r\n' : '\n',
        end: textBase >= 0 ? textBase + lf : base + lf,
      });
      from = nl + 1;
    }
    carry = text.slice(from);
    if (carry.length > MAX_LINE_CHARS) {
      throw new PublisherFormatError(parserId, lineNo + 1, `line longer than ${MAX_LINE_CHARS} characters`);
    }
    return batch;
  };
  for await (let chunk of toChunks(input)) {
    if (chunk.length === 0) continue;
    if (first) {
      first = false;
      if (hasUtf8Bom(chunk)) {
        chunk = chunk.subarray(3);
        base += 3;
        start.bom = true;
        decoder = decoderFor('utf-8');
      }
    }
    const batch = split(carry + decoder.decode(chunk, false), chunk);
    base += chunk.length;
    if (batch.length > 0) yield batch;
  }
  const rest = carry + (first ? '' : decoder.decode(Buffer.alloc(0), true));
  if (rest.length > 0) {
    const text = rest.charCodeAt(rest.length - 1) === 13 ? rest.slice(0, -1) : rest;
    yield [{ text, line: ++lineNo, eol: '', end: base }];
  }
}
