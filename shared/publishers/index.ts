/**
 * Publisher-file parsers (issue 5 point 1, issue 11 points 2-3): pure functions from archived bytes
 * to plain JSON records, one parser per publisher layout, all streaming with the same interface.
 *
 *   const parser = parserFor(sourceId, memberName);  // shared/sources/registry.ts; undefined: no parser reads that file
 *   for await (const rec of parser.parse(stream, { fileName: memberName })) { ... }
 *
 * Every record is snake_case JSON with `locator: { line, record }` (first physical line of the
 * record, 1-based index among the file's records); store it with `parser.id` and `parser.version`.
 * Replay: `findByLocator(parser, bytes, locator)` returns the same record. Coverage:
 * `parser.codesOf(rec)` / `codesInFile(parser, bytes)` give the codes a file governs. CPT-shaped
 * codes never carry descriptor text (dropped at parse time). A file that is not the expected
 * layout throws PublisherFormatError naming the line.
 */

export { PublisherFormatError } from './common/errors';
export { codesInFile, codesOf, findByLocator } from './common/locator';
export type { ByteInput, Located, Locator, ParseOptions, PublisherParser } from './common/types';
