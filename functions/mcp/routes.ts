import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { bodyLimit } from 'hono/body-limit';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { CONTRACT_VERSION } from '../../shared/http/contract-version';
import { MethodNotAllowedError, PayloadTooLargeError, ValidationError } from '../../shared/http/errors';
import type { Dispatch } from '../../shared/mcp/call-route';
import { originGuard } from '../../shared/mcp/origin-guard';
import { createMcpServer } from '../../shared/mcp/server';
import { upstreamDispatch } from '../../shared/mcp/upstream';
import { MCP_TOOLS } from './tools';

/** The largest JSON-RPC message /mcp reads: a screen of 1,000 items with long names fits several times. */
export const MCP_MAX_BODY_BYTES = 1024 * 1024;

/**
 * /mcp: the agent-tool surface over MCP's Streamable HTTP transport, stateless and answering in
 * JSON (API Gateway buffers Lambda answers, so no event streams). Each POST gets a fresh SDK server
 * and transport. A tool call is one API request carrying the caller's X-API-Key: the key,
 * entitlement and daily allowance rules, the validation and the signed bytes are the API's. It goes
 * to MCP_UPSTREAM_URL when set (on AWS: the deployment's own endpoint, so the route's own function
 * answers it), else through the app /mcp is mounted in (`npm start` mounts every group). The tool
 * list is the generated catalog (./tools.ts), so this group carries no other group's code.
 * /mcp itself is public (shared/auth/policy.ts) and never counted: initialize, tools/list and ping
 * need no key, and each tool call is counted once, by its own request.
 */
export const mcpGroup: RouteGroup = {
  name: 'mcp',
  description: '/mcp: the agent-tool surface (Model Context Protocol, Streamable HTTP, stateless)',
  build(deps, host) {
    const upstream = deps.config.mcp.upstreamUrl;
    const remote = upstream ? upstreamDispatch(upstream) : undefined;
    const dispatchFor = (env: unknown): Dispatch => {
      if (remote) return remote;
      if (!host) throw new Error('/mcp without MCP_UPSTREAM_URL needs the app it is mounted in');
      return (path, init) => Promise.resolve(host.request(path, init, env));
    };
    const router = createRouter();
    router.use('/mcp', originGuard(deps.config));
    router.post(
      '/mcp',
      bodyLimit({
        maxSize: MCP_MAX_BODY_BYTES,
        onError: () => {
          throw new PayloadTooLargeError(`An MCP message may be at most ${MCP_MAX_BODY_BYTES} bytes.`);
        },
      }),
      async (c) => {
        const server = createMcpServer({
          version: CONTRACT_VERSION,
          tools: () => MCP_TOOLS,
          context: () => ({
            dispatch: dispatchFor(c.env),
            apiKey: c.req.header('x-api-key'),
            requestId: c.get('requestId'),
            publicBaseUrl: deps.config.publicBaseUrl,
          }),
        });
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        // One message per POST: JSON-RPC batches left the protocol in 2025-06-18, and a batch would
        // let one request run a hundred tool calls. Anything that is not JSON goes to the SDK as is,
        // which answers its own parse error.
        const text = await c.req.text();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        if (Array.isArray(parsed)) {
          throw new ValidationError([
            { loc: ['body'], msg: 'one JSON-RPC message per request; batches are not accepted', type: 'batch' },
          ]);
        }
        const request =
          parsed === undefined
            ? new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: text })
            : c.req.raw;
        await server.connect(transport);
        try {
          return await transport.handleRequest(request, parsed === undefined ? undefined : { parsedBody: parsed });
        } finally {
          await server.close();
        }
      },
    );
    const stateless = () => {
      throw new MethodNotAllowedError(
        '/mcp is stateless: it opens no event stream and keeps no session; send each JSON-RPC message with POST.',
        ['POST'],
      );
    };
    router.get('/mcp', stateless);
    router.delete('/mcp', stateless);
    return router;
  },
};
