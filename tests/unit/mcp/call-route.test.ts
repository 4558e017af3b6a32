import { tool } from '../../../shared/http/tool-spec';
import { callRoute, STRUCTURED_MAX_BYTES } from '../../../shared/mcp/call-route';
import type { ResolvedTool } from '../../../shared/mcp/tool-entry';

/** How a tool call becomes a request: path, query and body each get their own arguments. */
function recorder(status = 200, body = '{"ok":true}', type = 'application/json') {
  const sent: { path: string; init: RequestInit }[] = [];
  const dispatch = async (path: string, init: RequestInit) => {
    sent.push({ path, init });
    return new Response(body, {
      status,
      headers: { 'content-type': type, 'x-request-id': 'r1', ratelimit: '"daily";r=9;t=60' },
    });
  };
  return { sent, ctx: { dispatch, apiKey: 'k', requestId: 'outer', publicBaseUrl: 'https://api.example.com' } };
}

const bodyTool: ResolvedTool = {
  spec: tool({ name: 'probe', method: 'post', path: '/probe/{id}', proves: '' }),
  definition: { name: 'probe', inputSchema: { type: 'object' } },
  pathParams: ['id'],
  pathSchemas: { id: { type: 'string', pattern: '^[a-z]+$' } },
  queryParams: ['dry_run'],
  body: true,
};
const getTool: ResolvedTool = {
  ...bodyTool,
  spec: { ...bodyTool.spec, method: 'get' },
  queryParams: ['as_of', 'modifier'],
  body: false,
};

describe('callRoute', () => {
  it('a body route: path arguments fill the path, declared query ones the query, the rest is the body', async () => {
    const { sent, ctx } = recorder();
    await callRoute(bodyTool, { id: 'abc', dry_run: true, items: [{ npi: '1' }] }, ctx);
    expect(sent[0]!.path).toBe('/probe/abc?dry_run=true');
    expect(sent[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ items: [{ npi: '1' }] });
    expect(sent[0]!.init.headers).toEqual({
      'x-api-key': 'k',
      'x-request-id': 'outer',
      'content-type': 'application/json',
    });
  });

  it('a GET route: arrays repeat, numbers and booleans are written as text, objects as JSON, null is left out', async () => {
    const { sent, ctx } = recorder();
    await callRoute(
      getTool,
      { id: 'abc', modifier: ['RR', 'KX'], as_of: null, units: 2, flag: false, q: { a: 1 } },
      ctx,
    );
    expect(sent[0]!.path).toBe('/probe/abc?modifier=RR&modifier=KX&units=2&flag=false&q=%7B%22a%22%3A1%7D');
    expect(sent[0]!.init.body).toBeUndefined();
  });

  it('a path argument the route’s schema refuses, or a dot segment, never becomes a request', async () => {
    const { sent, ctx } = recorder();
    for (const id of ['..', '.', 'ABC', '']) {
      const r = await callRoute(bodyTool, { id }, ctx);
      expect(r.isError).toBe(true);
      const problem = JSON.parse((r.content[0] as { text: string }).text);
      expect(problem).toMatchObject({ status: 400, instance: '/probe/{id}', request_id: 'outer' });
      expect(problem.type).toBe('https://api.example.com/problems/invalid-parameters');
      expect(problem.errors[0].loc).toEqual(['path', 'id']);
    }
    expect(sent).toEqual([]);
  });

  it('the answer: exact text, structured content for JSON objects up to the cap, error for non-2xx, HTTP facts in _meta', async () => {
    const ok = await callRoute(getTool, { id: 'abc' }, recorder().ctx);
    expect(ok).toEqual({
      content: [{ type: 'text', text: '{"ok":true}' }],
      structuredContent: { ok: true },
      _meta: {
        'warrant-service/http': {
          status: 200,
          content_type: 'application/json',
          x_request_id: 'r1',
          ratelimit: '"daily";r=9;t=60',
        },
      },
    });
    const big = JSON.stringify({ pad: 'x'.repeat(STRUCTURED_MAX_BYTES) });
    const large = await callRoute(getTool, { id: 'abc' }, recorder(200, big).ctx);
    expect(large.structuredContent).toBeUndefined();
    expect((large.content[0] as { text: string }).text).toBe(big);
    const html = await callRoute(getTool, { id: 'abc' }, recorder(200, '<p>x</p>', 'text/html').ctx);
    expect(html.structuredContent).toBeUndefined();
    const problem = await callRoute(
      getTool,
      { id: 'abc' },
      recorder(404, '{"status":404}', 'application/problem+json').ctx,
    );
    expect(problem).toMatchObject({ isError: true, structuredContent: { status: 404 } });
  });
});
