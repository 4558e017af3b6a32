import type { LineStart } from './lines';
import type { Located, ParseOptions, PublisherParser, ResumeHeader, ResumePoint } from './types';

/** Where a line reader starts for a parse: the resume point's boundary, or the file's first byte. */
export function lineStartOf(at: ResumePoint | undefined): LineStart {
  return at ? { offset: at.offset, line: at.line, bom: at.header?.bom ?? false } : { offset: 0, line: 0, bom: false };
}

/** Writes the point just after a record into the caller's cursor (a no-op without one). */
export function mark(
  cursor: ResumePoint | undefined,
  end: number,
  line: number,
  record: number,
  header: ResumeHeader,
): void {
  if (!cursor) return;
  cursor.offset = end;
  cursor.line = line;
  cursor.record = record;
  cursor.header = header;
}

/**
 * A parser whose records are another parser's records mapped one to one (locators unchanged):
 * the exclusion rows of the LEIE, the registry rows of NPPES. A load that already parses the file
 * with `base` (the document's parser) feeds `map` of each record instead of parsing again.
 */
export interface DerivedParser<R extends Located = Located, S extends Located = Located> extends PublisherParser<R> {
  readonly base: PublisherParser<S>;
  map(record: S): R;
}

export function mapParser<S extends Located, R extends Located>(
  base: PublisherParser<S>,
  spec: { id: string; version: string; map: (record: S) => R; codesOf?: (record: R) => readonly string[] },
): DerivedParser<R, S> {
  return {
    id: spec.id,
    version: spec.version,
    resumable: base.resumable,
    base,
    map: spec.map,
    codesOf: spec.codesOf ?? (() => []),
    async *parse(input, options?: ParseOptions) {
      for await (const r of base.parse(input, options)) yield spec.map(r);
    },
  };
}

/** Two parsers give the same records for the same bytes (a parser's id and version name its output). */
export function sameParser(a: PublisherParser, b: PublisherParser): boolean {
  return a === b || (a.id === b.id && a.version === b.version);
}

/**
 * How the records `target` would give are obtained from records `shared` already gives: as they
 * are (the same parser), mapped (a parser derived from it), or not at all (undefined: `target`
 * must read the file itself).
 */
export function recordsVia(target: PublisherParser, shared: PublisherParser): ((r: Located) => Located) | undefined {
  if (sameParser(target, shared)) return (r) => r;
  const derived = target as Partial<DerivedParser>;
  if (derived.base && derived.map && sameParser(derived.base, shared)) return derived.map;
  return undefined;
}
