import { Tokenizer, TokenParser, TokenType } from '@streamparser/json';

/**
 * Streaming JSON (RFC 8259) over a byte stream, in bounded memory: the elements of one array are
 * handed on one at a time, each with the byte offset where it starts, and the file is never parsed
 * whole. Tokens come from @streamparser/json's Tokenizer (byte offsets of UTF-8 input) and values
 * are assembled by its TokenParser restricted to the declared paths with `keepStack: false`, so an
 * element is dropped from its parent as soon as it is handed on and nothing outside the declared
 * paths is kept. What is held at any time: the element being assembled, the picked values, the
 * tokenizer's current string or number, and the elements finished in the current chunk.
 *
 * The offset is the locator a replay uses: `readJsonValueAt` re-reads exactly one value from it.
 */
export interface JsonElement {
  value: unknown;
  /** Position in the array, from 0. */
  index: number;
  /** Byte offset of the element's first byte in the source (a leading UTF-8 BOM counted). */
  offset: number;
}

export interface JsonStreamOptions {
  /**
   * Keys from the root to the array whose elements are read: `[]` (default) for a top-level
   * array, `['results']` for openFDA files, `['studies']` for a ClinicalTrials.gov page.
   */
  path?: readonly string[];
  /**
   * Other values to read on the way, each a key path from the root (e.g. `['nextPageToken']`);
   * none may lead into or through the array. Read whole, so declare small values only.
   */
  pick?: readonly (readonly string[])[];
}

/** The source is not JSON, or not of the declared shape; `offset` is where that was seen, when known. */
export class JsonShapeError extends Error {
  constructor(
    message: string,
    readonly offset?: number,
  ) {
    super(message);
    this.name = 'JsonShapeError';
  }
}

/** A key path as written in messages and `picked` maps: `results.drug.enforcement`, or `$` for the root. */
export const pathText = (path: readonly string[]) => (path.length ? path.join('.') : '$');

const SAFE_KEY = /^[A-Za-z0-9_$-]+$/;

/** The elements of the declared array, in order, each with its byte offset. */
export async function* streamJsonArray(
  source: AsyncIterable<Uint8Array>,
  opts: JsonStreamOptions = {},
): AsyncGenerator<JsonElement> {
  const reader = new ArrayReader(opts);
  for await (const chunk of source) {
    reader.write(chunk);
    yield* reader.ready.splice(0);
  }
  reader.end();
  yield* reader.ready.splice(0);
}

export interface JsonScan {
  /** Elements of the declared array. */
  count: number;
  /** Picked values by path text (`pathText`); a path absent from the document is absent here. */
  picked: Map<string, unknown>;
}

/**
 * Reads a whole source for its element count and picked values, calling `onElement` for each
 * element as it streams (nothing is gathered). Throws JsonShapeError on invalid JSON, on a
 * document that ends early, and when the declared array is missing or is not an array.
 */
export async function scanJson(
  source: AsyncIterable<Uint8Array>,
  opts: JsonStreamOptions & { onElement?: (e: JsonElement) => void } = {},
): Promise<JsonScan> {
  const reader = new ArrayReader(opts);
  const each = (e: JsonElement) => opts.onElement?.(e);
  for await (const chunk of source) {
    reader.write(chunk);
    reader.ready.splice(0).forEach(each);
  }
  reader.end();
  reader.ready.splice(0).forEach(each);
  return { count: reader.count, picked: reader.picked };
}

/**
 * Reads the one JSON value that starts at the first byte of `source` (a stream opened at an
 * element's offset) and stops reading there: how a replay re-finds an element by its locator.
 */
export async function readJsonValueAt(source: AsyncIterable<Uint8Array>): Promise<unknown> {
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: ['$'] });
  let done = false;
  let value: unknown;
  parser.onValue = (info) => {
    done = true;
    value = info.value;
  };
  tokenizer.onToken = (t) => {
    if (!done) parser.write(t);
  };
  try {
    for await (const chunk of source) {
      tokenizer.write(chunk);
      if (done) return value;
    }
    tokenizer.end();
  } catch (err) {
    if (done) return value;
    throw new JsonShapeError(`not a JSON value at the offset: ${(err as Error).message}`);
  }
  if (!done) throw new JsonShapeError('no complete JSON value at the offset');
  return value;
}

interface Frame {
  kind: 'object' | 'array';
  /** Depth of the declared path this frame is on (its keys so far match), or -1. */
  onPath: number;
  /** For objects: the next string token is a key. */
  expectKey: boolean;
  /** For objects: the key of the value being read. */
  key: string | null;
}

/** One pass over a document: tracks where each value starts, assembles the declared ones. */
class ArrayReader {
  readonly ready: JsonElement[] = [];
  readonly picked = new Map<string, unknown>();
  count = 0;
  private readonly path: readonly string[];
  private readonly picks: readonly (readonly string[])[];
  private readonly tokenizer = new Tokenizer();
  private readonly parser: TokenParser;
  private readonly frames: Frame[] = [];
  private shift = 0;
  private head: Buffer | null = Buffer.alloc(0);
  private found = false;
  private started = false;
  /** Offset of the element being assembled; null between elements. */
  private elementStart: number | null = null;
  /** The pick being assembled. */
  private pickOpen: string | null = null;

  constructor(opts: JsonStreamOptions) {
    this.path = opts.path ?? [];
    this.picks = opts.pick ?? [];
    for (const p of [this.path, ...this.picks]) {
      for (const k of p) if (!SAFE_KEY.test(k)) throw new Error(`json-stream: unsupported key '${k}' in a path`);
    }
    for (const p of this.picks) {
      const prefix = p.length <= this.path.length ? this.path : p;
      const other = p.length <= this.path.length ? p : this.path;
      if (p.length === 0 || other.every((k, i) => prefix[i] === k)) {
        throw new Error(`json-stream: pick ${pathText(p)} overlaps the array path ${pathText(this.path)}`);
      }
    }
    const arrayPath = this.path.length ? `$.${this.path.join('.')}.*` : '$.*';
    this.parser = new TokenParser({
      paths: [arrayPath, ...this.picks.map((p) => `$.${p.join('.')}`)],
      keepStack: false,
    });
    this.parser.onValue = ({ value }) => this.onValue(value);
    this.tokenizer.onToken = (t) => {
      this.track(t.token, t.value, t.offset + this.shift);
      this.parser.write(t);
    };
  }

  write(chunk: Uint8Array): void {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.head) {
      // The tokenizer skips a UTF-8 BOM without counting it; offsets count it, so a replay can seek.
      bytes = Buffer.concat([this.head, bytes]);
      if (bytes.length < 3) {
        this.head = bytes;
        return;
      }
      this.head = null;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) this.shift = 3;
    }
    this.guard(() => this.tokenizer.write(bytes));
  }

  end(): void {
    if (this.head?.length) {
      const rest = this.head;
      this.head = null;
      this.guard(() => this.tokenizer.write(rest));
    }
    this.guard(() => this.tokenizer.end());
    if (!this.started) throw new JsonShapeError('empty document: no JSON value');
    if (!this.parser.isEnded) throw new JsonShapeError('the document ends before its last value is complete');
    if (!this.found) throw new JsonShapeError(`no array at ${pathText(this.path)}`);
  }

  private guard(step: () => void): void {
    try {
      step();
    } catch (err) {
      if (err instanceof JsonShapeError) throw err;
      throw new JsonShapeError(`invalid JSON: ${(err as Error).message}`);
    }
  }

  /** Follows the structure token by token: where each value starts and on which declared path. */
  private track(token: TokenType, value: unknown, offset: number): void {
    this.started = true;
    const top = this.frames[this.frames.length - 1];
    if (top?.kind === 'object' && top.expectKey && token === TokenType.STRING) {
      top.key = value as string;
      top.expectKey = false;
      return;
    }
    switch (token) {
      case TokenType.COLON:
        return;
      case TokenType.COMMA:
        if (top?.kind === 'object') top.expectKey = true;
        return;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        this.frames.pop();
        return;
    }
    // A value starts here: its path is the frames' keys plus the top object's current key.
    const depth = this.frames.length;
    const onPath =
      depth === 0 ? 0 : top!.onPath >= 0 && top!.kind === 'object' && top!.key === this.path[depth - 1] ? depth : -1;
    if (top?.kind === 'array' && top.onPath === this.path.length) {
      this.elementStart = offset;
    } else if (onPath === this.path.length) {
      if (token !== TokenType.LEFT_BRACKET) {
        throw new JsonShapeError(`${pathText(this.path)} is not an array`, offset);
      }
      this.found = true;
    } else if (top?.kind === 'object' && this.pickOpen === null && this.elementStart === null) {
      const keys = this.frames.map((f) => f.key).slice(0, depth);
      const pick = this.picks.find((p) => p.length === depth && p.every((k, i) => keys[i] === k));
      if (pick) this.pickOpen = pathText(pick);
    }
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      this.frames.push({
        kind: token === TokenType.LEFT_BRACE ? 'object' : 'array',
        onPath: onPath >= 0 && depth <= this.path.length ? depth : -1,
        expectKey: token === TokenType.LEFT_BRACE,
        key: null,
      });
    }
  }

  private onValue(value: unknown): void {
    if (this.elementStart !== null) {
      this.ready.push({ value, index: this.count++, offset: this.elementStart });
      this.elementStart = null;
    } else if (this.pickOpen !== null) {
      this.picked.set(this.pickOpen, value);
      this.pickOpen = null;
    }
  }
}
