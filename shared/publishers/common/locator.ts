import type { ByteInput, Located, Locator, ParseOptions, PublisherParser } from './types';

/**
 * Replay: re-parses the bytes and returns the record at `locator`, or undefined. Parsing is
 * deterministic (records come in file order, numbered from 1), so the first physical line and the
 * record index together pin one record; the scan stops as soon as it passes the line.
 */
export async function findByLocator<R extends Located>(
  parser: PublisherParser<R>,
  input: ByteInput,
  locator: Locator,
  options?: ParseOptions,
): Promise<R | undefined> {
  for await (const rec of parser.parse(input, options)) {
    if (rec.locator.line === locator.line && rec.locator.record === locator.record) return rec;
    if (rec.locator.line > locator.line) return undefined;
  }
  return undefined;
}

/** Every code the file governs, sorted and de-duplicated, streamed (the records are not kept). */
export async function codesInFile<R extends Located>(
  parser: PublisherParser<R>,
  input: ByteInput,
  options?: ParseOptions,
): Promise<string[]> {
  const codes = new Set<string>();
  for await (const rec of parser.parse(input, options)) for (const c of parser.codesOf(rec)) codes.add(c);
  return [...codes].sort();
}

/** The distinct codes of already-parsed records, sorted. */
export function codesOf<R extends Located>(parser: PublisherParser<R>, records: Iterable<R>): string[] {
  const codes = new Set<string>();
  for (const rec of records) for (const c of parser.codesOf(rec)) codes.add(c);
  return [...codes].sort();
}
