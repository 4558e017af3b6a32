import { createRoute, z } from '@hono/zod-openapi';
import { MCP_TOOLS } from '../../../functions/mcp/tools';
import { createRouter } from '../../../shared/http/app';
import { jsonResponse } from '../../../shared/http/schemas';
import { tool } from '../../../shared/http/tool-spec';
import { checkPathValue, uncheckedKeywords } from '../../../shared/mcp/path-check';
import { resolveTools } from '../../../shared/mcp/tool-catalog';

/** A tool's path argument is judged by the route's path schema, carried as JSON Schema. */
describe('checkPathValue', () => {
  it('enforces type, pattern, enum and bounds, and never lets a dot segment through', () => {
    expect(checkPathValue('1234567893', { type: 'string', pattern: '^\\d{10}$' })).toBeUndefined();
    expect(checkPathValue('search', { type: 'string', pattern: '^\\d{10}$' })).toBe('does not match ^\\d{10}$');
    expect(checkPathValue('..', {})).toBe('not a valid value');
    expect(checkPathValue('.', { type: 'string' })).toBe('not a valid value');
    expect(checkPathValue('x', { enum: ['a', 'b'] })).toBe('one of a, b');
    expect(checkPathValue('ab', { minLength: 3 })).toBe('at least 3 characters');
    expect(checkPathValue('abcd', { maxLength: 3 })).toBe('at most 3 characters');
    expect(checkPathValue('1.5', { type: 'integer' })).toBe('a whole number');
    expect(checkPathValue('0', { type: 'integer', minimum: 1 })).toBe('at least 1');
    expect(checkPathValue('12', { type: 'integer', maximum: 10 })).toBe('at most 10');
    expect(checkPathValue('7', { type: 'integer', minimum: 1, maximum: 10 })).toBeUndefined();
  });

  it('names the keywords it would not enforce', () => {
    expect(uncheckedKeywords({ type: 'string', pattern: '^a$', description: 'x', examples: ['a'] })).toEqual([]);
    expect(uncheckedKeywords({ type: 'string', oneOf: [] })).toEqual(['oneOf']);
    expect(uncheckedKeywords({ type: 'array' })).toEqual(['type']);
    expect(uncheckedKeywords({ type: 'string', format: 'date' })).toEqual(['format']);
    expect(uncheckedKeywords({ type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' })).toEqual([]);
  });

  it('the generator refuses a path schema with a constraint the check would miss', () => {
    const r = createRouter();
    r.openapi(
      createRoute({
        method: 'get',
        path: '/probe/{day}',
        request: { params: z.object({ day: z.iso.date().openapi({ param: { name: 'day', in: 'path' } }) }) },
        responses: { 200: jsonResponse(z.object({ ok: z.boolean() }), 'ok') },
      }),
      (c) => c.json({ ok: true }, 200),
    );
    const spec = tool({ name: 'probe', method: 'get', path: '/probe/{day}', proves: '' });
    // zod writes `format: date` and no pattern for an ISO date: the check could not hold it.
    expect(() => resolveTools(r, [spec])).toThrow(/tool probe: path parameter day uses format/);
  });

  it('every path parameter of the generated catalog uses only keywords the check enforces', () => {
    const schemas = MCP_TOOLS.flatMap((t) => Object.values(t.pathSchemas));
    expect(schemas.length).toBeGreaterThan(5);
    for (const s of schemas) expect(uncheckedKeywords(s)).toEqual([]);
  });
});
