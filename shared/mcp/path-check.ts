/** A JSON Schema object, as the tool catalog carries it. */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema keywords a path parameter's schema may use: the ones `checkPathValue` enforces,
 * and annotations. The tool catalog's generator (./tool-catalog.ts) refuses a path parameter whose
 * route schema uses any other keyword, so no constraint of a route's path is silently unchecked.
 */
export const PATH_CONSTRAINTS = ['type', 'pattern', 'enum', 'minLength', 'maxLength', 'minimum', 'maximum'];
export const PATH_ANNOTATIONS = ['description', 'examples', 'example', 'title', 'default', 'format'];

/**
 * Why a path argument may not become a path segment (undefined: it may). A tool call builds its
 * path from its arguments, and a value the route's own path schema refuses could name another
 * route (`search` under `/clinical-trials/{nct_id}`): such a value never becomes a request. The
 * schema is the route's, carried as JSON Schema by the generated tool catalog, so the function
 * answering /mcp needs none of the routes' code. A `format` counts only beside a `pattern` that
 * pins the value (uncheckedKeywords). A refinement (an NPI's check digit) is not in the schema: a
 * value passing the pattern still reaches the tool's own route, which refuses it with its problem.
 *
 * Hand-written (a few keywords over one string) instead of a JSON Schema validator: ajv with its
 * formats adds about 130 KiB to the mcp bundle and compiles code at cold start, for these checks.
 */
export function checkPathValue(value: string, schema: JsonSchema): string | undefined {
  if (value === '.' || value === '..') return 'not a valid value';
  const type = schema.type;
  if (type === 'integer' && !/^-?\d+$/.test(value)) return 'a whole number';
  if (type === 'number' && !/^-?\d+(\.\d+)?$/.test(value)) return 'a number';
  if ((type === 'integer' || type === 'number') && typeof schema.minimum === 'number' && Number(value) < schema.minimum)
    return `at least ${schema.minimum}`;
  if ((type === 'integer' || type === 'number') && typeof schema.maximum === 'number' && Number(value) > schema.maximum)
    return `at most ${schema.maximum}`;
  if (Array.isArray(schema.enum) && !schema.enum.map(String).includes(value))
    return `one of ${schema.enum.map(String).join(', ')}`;
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength)
    return `at least ${schema.minLength} characters`;
  if (typeof schema.maxLength === 'number' && length > schema.maxLength)
    return `at most ${schema.maxLength} characters`;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
    return `does not match ${schema.pattern}`;
  return undefined;
}

/** The keywords of a path parameter's schema that `checkPathValue` would not enforce. */
export function uncheckedKeywords(schema: JsonSchema): string[] {
  const known = new Set([...PATH_CONSTRAINTS, ...PATH_ANNOTATIONS]);
  const bad = Object.keys(schema).filter((k) => !known.has(k));
  if (schema.type !== undefined && !['string', 'integer', 'number'].includes(String(schema.type))) bad.push('type');
  // A format is an annotation here only where a pattern pins the value as well.
  if (schema.format !== undefined && typeof schema.pattern !== 'string') bad.push('format');
  return bad;
}
