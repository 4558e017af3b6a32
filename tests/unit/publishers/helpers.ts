import * as path from 'node:path';
import { findByLocator } from '../../../shared/publishers/common/locator';
import type { ByteInput, Located, ParseOptions, PublisherParser } from '../../../shared/publishers/common/types';
import { readFixture } from '../../helpers/fixtures';

export const FIXTURES = path.resolve(__dirname, '../../fixtures/publisher');

/** A source's fixture file, `fixture(sourceId, ...path)`: in its dataset folder, or here until it moves (tests/helpers/fixtures.ts). */
export function fixture(sourceId: string, ...parts: string[]): Buffer {
  return readFixture(sourceId, ...parts);
}

export async function collect<R extends Located>(
  parser: PublisherParser<R>,
  input: ByteInput,
  options?: ParseOptions,
): Promise<R[]> {
  const out: R[] = [];
  for await (const r of parser.parse(input, options)) out.push(r);
  return out;
}

/** Feeds bytes in small chunks so that chunk boundaries fall inside lines, quoted fields and characters. */
export function chunked(buf: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) out.push(buf.subarray(i, i + size));
  return out;
}

/** Replay: every record is found again, equal, from the same bytes and its locator. */
export async function expectReplayable<R extends Located>(parser: PublisherParser<R>, bytes: Buffer, records: R[]) {
  for (const r of records) {
    expect(await findByLocator(parser, bytes, r.locator)).toEqual(r);
  }
}

export function byKey<R>(records: R[], key: (r: R) => string): Map<string, R> {
  return new Map(records.map((r) => [key(r), r]));
}
