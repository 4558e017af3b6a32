import type { ByteInput } from './types';

function toBuffer(chunk: Buffer | Uint8Array | string): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function isAsyncIterable(x: unknown): x is AsyncIterable<Buffer | Uint8Array | string> {
  return typeof (x as { [Symbol.asyncIterator]?: unknown })?.[Symbol.asyncIterator] === 'function';
}

/** Chunks handed on are at most this long, so per-chunk work (line batches) stays bounded. */
export const MAX_CHUNK = 1024 * 1024;

function* slices(buf: Buffer): Generator<Buffer> {
  if (buf.length <= MAX_CHUNK) {
    yield buf;
    return;
  }
  for (let i = 0; i < buf.length; i += MAX_CHUNK) yield buf.subarray(i, i + MAX_CHUNK);
}

/**
 * Normalises every accepted input to an async sequence of Buffers of at most MAX_CHUNK bytes
 * (large buffers are sliced without copying). Streams are consumed with `for await`, which
 * applies back-pressure: nothing is read ahead of the consumer.
 */
export async function* toChunks(input: ByteInput): AsyncGenerator<Buffer> {
  if (typeof input === 'string' || input instanceof Uint8Array) {
    yield* slices(toBuffer(input));
    return;
  }
  if (isAsyncIterable(input)) {
    for await (const chunk of input) yield* slices(toBuffer(chunk as Buffer | Uint8Array | string));
    return;
  }
  for (const chunk of input as Iterable<Buffer | Uint8Array | string>) yield* slices(toBuffer(chunk));
}
