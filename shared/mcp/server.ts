import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { type CallContext, callRoute } from './call-route';
import type { ResolvedTool } from './tool-entry';

export const SERVER_NAME = 'warrant-service';

const INSTRUCTIONS =
  'Healthcare billing rules with proof. The warrant tools answer "for this billing code and date of service, which rule applied" with a receipt per fact (archived publisher file, sha256, row) or an honest gap, and are signed: pass their text unchanged to a verifier. A gap or a null is never a negative answer. Every tool call is an API request: it needs an API key (X-API-Key on HTTP, WARRANT_API_KEY over stdio), the warrant tools need the paid warrant entitlement, and each call counts against the key’s daily allowance. Refusals are RFC 9457 problem details.';

/**
 * The server never asks the client for input (elicitation), the only use the SDK has for a JSON
 * Schema validator; giving it this one keeps ajv out of the Lambda bundle (scripts/build.mjs).
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator() {
    throw new Error('this server does not elicit input, so it validates no elicited answers');
  },
};

/**
 * One MCP server over the given tools (the SDK's low-level Server: the arguments reach the route
 * unparsed, so its own schema judges them and its problem details come back). Stateless: the HTTP
 * surface builds one per request; stdio builds one per process.
 */
export function createMcpServer(opts: {
  version: string;
  tools: () => readonly ResolvedTool[];
  context: () => CallContext;
}): Server {
  const server = new Server(
    { name: SERVER_NAME, title: 'Warrant service', version: opts.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: NO_ELICITATION },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: opts.tools().map((t) => t.definition) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = opts.tools().find((t) => t.spec.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callRoute(tool, request.params.arguments ?? {}, opts.context());
  });
  return server;
}
