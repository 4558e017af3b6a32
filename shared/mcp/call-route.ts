import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ValidationError } from '../http/errors';
import { PROBLEM_CONTENT_TYPE, problemBody } from '../http/problem';
import { checkPathValue } from './path-check';
import type { ResolvedTool } from './tool-entry';

/**
 * Sends one request to the API: over HTTP to the deployment's own endpoint from the mcp Lambda and
 * over stdio, in process (`app.request` of the app /mcp is mounted in) on `npm start`.
 */
export type Dispatch = (path: string, init: RequestInit) => Promise<Response>;

export interface CallContext {
  dispatch: Dispatch;
  /** The caller's API key: the X-API-Key of the /mcp request, or WARRANT_API_KEY over stdio. */
  apiKey?: string;
  /** The /mcp request's id, carried by the request the tool makes so both log lines share it. */
  requestId?: string;
  /** For the problem type URLs of the refusals made here. */
  publicBaseUrl: string;
}

/**
 * Answers up to this size are also given as structured content; a larger one (a 1,000-item screen)
 * only as text, so a result never carries a large body twice.
 */
export const STRUCTURED_MAX_BYTES = 256 * 1024;

/** Where a tool result's HTTP facts travel (`_meta`), for clients that want the status or the quota. */
export const HTTP_META = 'warrant-service/http';

/**
 * A tool call is one request to the route, sent through the same app: the route's own schema
 * validates the arguments (path parameters, query or JSON body), and the key, entitlement and
 * daily allowance are checked and counted by the same access policy as any API request. The
 * answer's bytes come back unchanged as the text content, so a signed answer still verifies; a
 * JSON object answer is also the structured content. Anything but a 2xx is an error result whose
 * text is the problem details.
 */
export async function callRoute(
  tool: ResolvedTool,
  args: Record<string, unknown>,
  ctx: CallContext,
): Promise<CallToolResult> {
  const headers: Record<string, string> = {};
  if (ctx.apiKey) headers['x-api-key'] = ctx.apiKey;
  if (ctx.requestId) headers['x-request-id'] = ctx.requestId;
  const pathValues: Record<string, string> = {};
  for (const name of tool.pathParams) {
    const value = scalar(args[name]);
    if (value === undefined || value === '')
      return refused(tool, ctx, ValidationError.single('path', name, `${name} is required`, 'missing'));
    pathValues[name] = value;
  }
  // A path argument is checked by the route's own schema before it becomes a path segment, so no
  // value (`..`, `search`, another route's literal segment) can reach a route other than the tool's.
  for (const name of tool.pathParams) {
    const why = checkPathValue(pathValues[name]!, tool.pathSchemas[name] ?? {});
    if (why) return refused(tool, ctx, ValidationError.single('path', name, `${name}: ${why}`, 'invalid'));
  }
  let path = tool.spec.path;
  for (const name of tool.pathParams) path = path.replace(`{${name}}`, encodeURIComponent(pathValues[name]!));
  const init: RequestInit = { method: tool.spec.method.toUpperCase(), headers };
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (tool.pathParams.includes(name)) continue;
    if (tool.body && !tool.queryParams.includes(name)) {
      body[name] = value;
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = scalar(item);
      if (text !== undefined) query.append(name, text);
    }
  }
  if (tool.body) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const search = query.toString();
  const res = await ctx.dispatch(search ? `${path}?${search}` : path, init);
  return toResult(res.status, res.headers, await res.text());
}

/** Query and path text for a JSON value: numbers and booleans as written, anything else as JSON, so
 * the route's validator names the parameter instead of seeing "[object Object]". */
function scalar(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function toResult(status: number, headers: Headers, text: string): CallToolResult {
  const type = headers.get('content-type') ?? '';
  let structured: Record<string, unknown> | undefined;
  if (/[/+]json\b/i.test(type) && Buffer.byteLength(text) <= STRUCTURED_MAX_BYTES) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        structured = parsed as Record<string, unknown>;
      }
    } catch {
      // not JSON after all: the text alone
    }
  }
  const http: Record<string, unknown> = { status, content_type: type };
  for (const name of ['x-request-id', 'ratelimit', 'ratelimit-policy', 'retry-after']) {
    const value = headers.get(name);
    if (value !== null) http[name.replaceAll('-', '_')] = value;
  }
  return {
    content: [{ type: 'text', text }],
    ...(structured ? { structuredContent: structured } : {}),
    ...(status >= 200 && status < 300 ? {} : { isError: true }),
    _meta: { [HTTP_META]: http },
  };
}

/** A path argument the route would not take: no request can name the resource, so the refusal is made here (not counted). */
function refused(tool: ResolvedTool, ctx: CallContext, err: ValidationError): CallToolResult {
  const body = problemBody(err, {
    base: ctx.publicBaseUrl,
    instance: tool.spec.path,
    requestId: ctx.requestId ?? 'none',
  });
  return toResult(err.status, new Headers({ 'content-type': PROBLEM_CONTENT_TYPE }), JSON.stringify(body));
}
