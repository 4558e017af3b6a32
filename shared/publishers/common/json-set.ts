import { createHash } from 'node:crypto';
import { z } from 'zod';
import { JsonShapeError, streamJsonArray } from '../../formats/json-stream';
import { toChunks } from './bytes';
import { PublisherFormatError } from './errors';
import type { ByteInput, ParseOptions } from './types';

/**
 * The manifest a fetch run archives when a JSON API walk is complete (shared/archive/fetch/json-set.ts):
 * the set's version. Only what a reader needs is checked; the rest is the fetcher's.
 */
const SetManifest = z.object({
  kind: z.literal('json_api_pages'),
  version: z.literal(1),
  source_id: z.string(),
  endpoint: z.string(),
  pages: z.array(
    z.object({
      page: z.number().int().min(1),
      name: z.string(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      items: z.number().int().nullable(),
    }),
  ),
});

/** One element of a set: where it sits (page number and name, the page's sha256, byte offset). */
export interface SetElement {
  value: unknown;
  page: number;
  pageName: string;
  sha256: string;
  /** Byte offset of the element in its page (`readJsonValueAt` re-reads it from there). */
  offset: number;
  /** 1-based position among the elements of the whole set. */
  record: number;
}

async function bytesOf(input: ByteInput): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of toChunks(input)) parts.push(c);
  return Buffer.concat(parts);
}

/**
 * Replays a JSON API set from its manifest: each page in order, opened by sha256 through
 * `options.openFile`, its elements at `itemsPath` streamed one at a time (bounded memory whatever
 * the set's size). Each page's bytes are hashed as they stream and must be the sha256 the manifest
 * names, and hold as many elements as it counts: a set is read whole and as archived, or not at
 * all (PublisherFormatError, `line` = the page number).
 */
export async function* readJsonSet(
  parserId: string,
  input: ByteInput,
  itemsPath: readonly string[],
  options: ParseOptions | undefined,
): AsyncGenerator<SetElement> {
  let manifest: z.infer<typeof SetManifest>;
  try {
    manifest = SetManifest.parse(JSON.parse((await bytesOf(input)).toString('utf8')));
  } catch (err) {
    throw new PublisherFormatError(parserId, 1, `not a JSON API set manifest: ${(err as Error).message}`);
  }
  const open = options?.openFile;
  if (!open) throw new PublisherFormatError(parserId, 1, 'a set manifest is read with its pages (no openFile given)');
  let record = 0;
  for (const p of manifest.pages) {
    const hash = createHash('sha256');
    const stream = await open(p.sha256);
    async function* hashed(): AsyncGenerator<Buffer> {
      for await (const c of stream as AsyncIterable<Buffer | string>) {
        const b = typeof c === 'string' ? Buffer.from(c) : c;
        hash.update(b);
        yield b;
      }
    }
    let count = 0;
    try {
      for await (const e of streamJsonArray(hashed(), { path: itemsPath })) {
        count++;
        yield { value: e.value, page: p.page, pageName: p.name, sha256: p.sha256, offset: e.offset, record: ++record };
      }
    } catch (err) {
      if (err instanceof JsonShapeError) throw new PublisherFormatError(parserId, p.page, `${p.name}: ${err.message}`);
      throw err;
    } finally {
      (stream as { destroy?: () => void }).destroy?.();
    }
    if (hash.digest('hex') !== p.sha256) {
      throw new PublisherFormatError(parserId, p.page, `${p.name}: the bytes read are not sha256 ${p.sha256}`);
    }
    if (p.items !== null && p.items !== count) {
      throw new PublisherFormatError(
        parserId,
        p.page,
        `${p.name}: ${count} elements where the manifest counts ${p.items}`,
      );
    }
  }
}
