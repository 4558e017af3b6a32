import { z } from '@hono/zod-openapi';
import { type BoardRow, PROFESSIONS } from '../../providers/licenses/rows';
import { toChunks } from '../../publishers/common/bytes';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { DIRECTORY_PARSER_HEAD } from './head';

const ID = DIRECTORY_PARSER_HEAD.id;

const FileSchema = z.object({
  compiled_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  boards: z.array(
    z.strictObject({
      state: z.string().regex(/^[A-Z]{2}$/),
      profession: z.enum([...PROFESSIONS, 'all']),
      board: z.string().min(1),
      lookup_url: z.string().url().startsWith('https://'),
      discipline_url: z.string().url().startsWith('https://').nullable(),
      bulk_source_id: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
});

/** The whole file (a few kilobytes). */
async function readAll(input: ByteInput): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of toChunks(input)) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** The curated directory (./state-board-directory.json): one row per board entry, in file order. */
async function* parseDirectory(input: ByteInput): AsyncGenerator<BoardRow> {
  let json: unknown;
  try {
    json = JSON.parse((await readAll(input)).toString('utf8'));
  } catch (e) {
    throw new PublisherFormatError(ID, 1, `not JSON: ${(e as Error).message}`);
  }
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success)
    throw new PublisherFormatError(ID, 1, `not the directory layout: ${parsed.error.issues[0]?.message}`);
  let record = 0;
  for (const b of parsed.data.boards) {
    record++;
    yield { ...b, compiled_on: parsed.data.compiled_on, locator: { line: 1, record } };
  }
}

export const directoryParser: PublisherParser<BoardRow> = {
  ...DIRECTORY_PARSER_HEAD,
  parse: (input) => parseDirectory(input),
  codesOf: () => [],
};
