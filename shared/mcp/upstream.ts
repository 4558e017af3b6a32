import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Dispatch } from './call-route';

/**
 * How long one tool call's request may take: under API Gateway's 30-second integration limit, so
 * a slow route comes back as this tool error rather than a gateway timeout of the /mcp request.
 */
export const UPSTREAM_TIMEOUT_MS = 28_000;

/**
 * A kept-alive connection the other side had already closed (the pool reused it; common after a
 * Lambda thaws): the request never reached the service, so it is sent once more on a new one.
 */
const STALE_CONNECTION = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

function staleConnection(e: unknown): boolean {
  const cause = (e as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' && STALE_CONNECTION.has(cause.code);
}

/**
 * Tool calls sent over HTTP to the API at `base` (the deployment's own endpoint from the mcp
 * Lambda, or the service the stdio server calls). Redirects are not followed, so the key goes
 * nowhere but `base`. A service that cannot be reached is a tool error naming it (JSON-RPC
 * internal error), never an answer.
 */
export function upstreamDispatch(base: string | Promise<string>, timeoutMs = UPSTREAM_TIMEOUT_MS): Dispatch {
  return async (path, init) => {
    let origin: string;
    try {
      origin = await base;
    } catch (e) {
      throw new McpError(ErrorCode.InternalError, `the service did not start: ${(e as Error).message}`);
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetch(`${origin}${path}`, {
          ...init,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        if (attempt === 1 && staleConnection(e)) continue;
        const why =
          (e as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : describe(e as Error);
        throw new McpError(ErrorCode.InternalError, `cannot reach the service at ${origin}: ${why}`);
      }
    }
  };
}

/** fetch's own message ("fetch failed") with its cause's code (or message), which says what failed. */
function describe(e: Error): string {
  const cause = (e as { cause?: { code?: unknown; message?: unknown } }).cause;
  const why = typeof cause?.code === 'string' ? cause.code : cause?.message;
  return typeof why === 'string' && why.length > 0 ? `${e.message} (${why})` : e.message;
}
