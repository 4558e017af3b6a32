import type { Located, PublisherParser } from './types';

/**
 * What the declarations need to know about a parser without its code: its id, its version (which
 * names its output: loader versions and derived parsers read it) and whether it resumes or reads in
 * batches. A dataset folder's `parser.ts` holds the code; its source.ts declares the parser with
 * `lazyParser(head, () => require('./parser').theParser)`.
 */
export interface ParserHead {
  id: string;
  version: string;
  resumable?: boolean;
  batches?: boolean;
}

const LOAD = Symbol('lazy-parser-load');

/**
 * A parser whose code is required on first use. `scripts/build.mjs` makes every
 * `shared/datasets/<folder>/parser.ts` required this way a lazy file of the API bundles
 * (`lazy/datasets-<folder>-parser.js`) and keeps it inside the bundles that load (fetch), so the
 * API bundles carry only the declarations. The lazy file has its own copies of the modules it
 * imports: a parser imports no registry and none of the service's error classes
 * (PublisherFormatError is recognised across copies, see ./errors.ts), which the build checks.
 *
 * The answer stays synchronous (`require`), so `parserFor(v) !== undefined` checks and `codesOf`
 * need no change, and `parse` hands back the parser's own generator (no extra step per record).
 */
export function lazyParser<R extends Located>(head: ParserHead, load: () => PublisherParser<R>): PublisherParser<R> {
  let real: PublisherParser<R> | undefined;
  const get = (): PublisherParser<R> => {
    if (real) return real;
    const p = load();
    if (
      p.id !== head.id ||
      p.version !== head.version ||
      !!p.resumable !== !!head.resumable ||
      !!p.parseBatches !== !!head.batches
    ) {
      throw new Error(
        `lazy parser ${head.id} version ${head.version}: the parser is ${p.id} version ${p.version}` +
          ` (resumable ${!!p.resumable}, batches ${!!p.parseBatches}); correct its declaration`,
      );
    }
    real = p;
    return p;
  };
  const parser: PublisherParser<R> = {
    id: head.id,
    version: head.version,
    ...(head.resumable ? { resumable: true } : {}),
    parse: (input, options) => get().parse(input, options),
    ...(head.batches ? { parseBatches: (input, options) => get().parseBatches!(input, options) } : {}),
    codesOf: (record) => get().codesOf(record),
  };
  Object.defineProperty(parser, LOAD, { value: get });
  return parser;
}

/** Loads a lazy parser now and checks its declaration (false: not a lazy parser). Tests use it. */
export function loadLazyParser(p: PublisherParser): boolean {
  const load = (p as { [LOAD]?: () => unknown })[LOAD];
  if (!load) return false;
  load();
  return true;
}
