import { findByLocator } from '../publishers/common/locator';
import type { Located, Locator, PublisherParser } from '../publishers/common/types';
import { docParser } from '../sources/registry';

/** What a replay needs from a receipt or a stored row reference. */
export interface RowAddress {
  doc_id: string;
  file_name: string;
  locator: Locator | null;
}

/** The parser a file of a document is read with (the same one its facts were loaded with). */
export function parserFor(docId: string, fileName: string): PublisherParser<Located> | undefined {
  return docParser(docId, fileName);
}

/**
 * Replay: re-parse archived bytes and return the row at the address's locator (without the
 * locator), or undefined when no row sits there. Same bytes + same locator = same row.
 */
export async function replayRow(bytes: Buffer, a: RowAddress): Promise<Record<string, unknown> | undefined> {
  const parser = parserFor(a.doc_id, a.file_name);
  if (!parser || !a.locator) return undefined;
  const rec = await findByLocator(parser, bytes, a.locator, { fileName: a.file_name });
  if (!rec) return undefined;
  const { locator: _l, ...rest } = rec as Located & Record<string, unknown>;
  return rest;
}
