import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../../shared/http/app';
import { jsonResponse } from '../../../shared/http/schemas';
import { tool } from '../../../shared/http/tool-spec';
import { resolveTools } from '../../../shared/mcp/tool-catalog';

/** Tool input schemas come from the route's own zod schemas, as JSON Schema. */
const Item = z.object({ code: z.string().openapi({ example: 'E0601' }) }).openapi('ProbeItem');
const Body = z
  .object({
    items: z.array(Item).min(1),
    // A property may be called "example": it is a name, not the OpenAPI keyword.
    example: z.string().optional().openapi({ description: 'a property named example', example: 'x' }),
  })
  .openapi('ProbeBody');

function app() {
  const r = createRouter();
  r.openapi(
    createRoute({
      method: 'post',
      path: '/probe/{id}',
      summary: 'Probe',
      description: 'Probe route.',
      request: {
        params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) }),
        body: { content: { 'application/json': { schema: Body } }, required: true },
      },
      responses: { 200: jsonResponse(z.object({ ok: z.boolean() }).openapi('ProbeAnswer'), 'ok') },
    }),
    (c) => c.json({ ok: true }, 200),
  );
  return r;
}

describe('resolveTools', () => {
  it('merges path parameters into the body schema, keeps names that look like keywords, and carries $defs', () => {
    const [t] = resolveTools(app(), [
      tool({ name: 'probe', method: 'post', path: '/probe/{id}', proves: 'Proves x.' }),
    ]);
    // biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked freely in assertions
    const s = t!.definition.inputSchema as Record<string, any>;
    expect(Object.keys(s.properties).sort()).toEqual(['example', 'id', 'items']);
    expect(s.properties.example).toMatchObject({ type: 'string', examples: ['x'] });
    expect(s.required.sort()).toEqual(['id', 'items']);
    expect(s.properties.items.items).toEqual({ $ref: '#/$defs/ProbeItem' });
    expect(Object.keys(s.$defs)).toEqual(['ProbeItem']);
    expect(s.$defs.ProbeItem.properties.code).toMatchObject({ examples: ['E0601'] });
    expect(t!.pathParams).toEqual(['id']);
    expect(t!.body).toBe(true);
    expect(t!.definition.description).toBe(
      'Probe route.\n\nProves x.\n\nA refusal (bad argument, missing or unentitled key, daily allowance spent) comes back as an error result whose text is the API’s RFC 9457 problem details, naming the parameter or the entitlement.',
    );
  });

  it('refuses a tool whose route is not served, and a name declared twice', () => {
    expect(() => resolveTools(app(), [tool({ name: 'gone', method: 'get', path: '/probe/{id}', proves: '' })])).toThrow(
      /no route GET \/probe\/\{id\}/,
    );
    const t = tool({ name: 'probe', method: 'post', path: '/probe/{id}', proves: '' });
    expect(() => resolveTools(app(), [t, t])).toThrow(/declared twice/);
    expect(() => tool({ name: 'Bad-Name', method: 'get', path: '/x', proves: '' })).toThrow(/tool name/);
  });
});
