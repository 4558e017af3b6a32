import type { MiddlewareHandler } from 'hono';
import { ValidationError } from './errors';
import type { AppEnv } from './types';

interface ZodLike {
  shape?: Record<string, unknown>;
  _zod?: { def?: { type?: string; in?: unknown; innerType?: unknown } };
}

/**
 * The query parameter names a route's query schema declares: the keys of its zod object, looked
 * up through pipes (`.transform`) and wrappers. Undefined when the schema is not an object, so a
 * route whose names cannot be read is left unchecked rather than refusing every request.
 */
export function declaredQueryNames(schema: unknown): string[] | undefined {
  let s = schema as ZodLike | undefined;
  for (let depth = 0; s && depth < 8; depth++) {
    if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
    const def = s._zod?.def;
    s = (def?.in ?? def?.innerType) as ZodLike | undefined;
  }
  return undefined;
}

/**
 * Refuse a request carrying a query parameter the route does not declare: a 400 problem with one
 * `errors` entry per unknown name (`loc: ['query', name]`), so a misspelt or unsupported parameter
 * (`zip` on a route that does not take it) is never silently ignored. `allowed` empty: the route
 * takes no query parameter at all.
 */
export function rejectUnknownQuery(allowed: readonly string[]): MiddlewareHandler<AppEnv> {
  const known = new Set(allowed);
  const takes = allowed.length ? `this route takes ${[...allowed].sort().join(', ')}` : 'this route takes none';
  return async (c, next) => {
    const search = new URL(c.req.url).searchParams;
    const unknown = [...new Set(search.keys())].filter((name) => !known.has(name));
    if (unknown.length) {
      throw new ValidationError(
        unknown.map((name) => ({ loc: ['query', name], msg: `unknown query parameter; ${takes}`, type: 'unknown' })),
      );
    }
    await next();
  };
}
