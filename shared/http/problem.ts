import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import {
  AppError,
  BadRequestError,
  type ParamIssue,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from './errors';
import type { AppEnv } from './types';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  request_id: string;
  [extension: string]: unknown;
}

/**
 * RFC 9457 rendering: the only function that writes an error body. An AppError keeps its
 * status and detail; anything else becomes a bare 500 that names the request id and nothing else.
 */
export function renderProblem(c: Context<AppEnv>, thrown: unknown): Response {
  const err = fromFramework(c, thrown);
  const requestId = c.get('requestId') ?? 'unknown';
  const base = c.get('publicBaseUrl') ?? '';
  let body: ProblemBody;
  let headers: Record<string, string> = {};
  if (err instanceof AppError) {
    body = problemBody(err, { base, instance: new URL(c.req.url).pathname, requestId });
    headers = err.headers;
  } else {
    c.get('logger')?.error('unhandled error', { error: describe(err) });
    body = {
      type: `${base}/problems/internal-error`,
      title: 'Internal server error',
      status: 500,
      detail: `An unexpected error occurred. Quote request id ${requestId} when reporting it.`,
      instance: new URL(c.req.url).pathname,
      request_id: requestId,
    };
  }
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'x-request-id': requestId, ...headers },
  });
}

/**
 * The body of an AppError's problem. renderProblem writes it for every HTTP answer; the agent-tool
 * surface (shared/mcp) uses it for the one refusal it makes before a request exists (a tool call
 * without a required path argument), so both read the same.
 */
export function problemBody(err: AppError, at: { base: string; instance: string; requestId: string }): ProblemBody {
  return {
    ...err.extensions,
    type: `${at.base}/problems/${err.code}`,
    title: err.title,
    status: err.status,
    detail: err.message,
    instance: at.instance,
    request_id: at.requestId,
  };
}

/** Convert a zod failure on one request part (query, param, json, header) into a ValidationError. */
export function validationErrorFromZod(target: string, error: ZodError): ValidationError {
  const location = target === 'json' || target === 'form' ? 'body' : target === 'param' ? 'path' : target;
  const issues: ParamIssue[] = error.issues.map((i) => ({
    loc: [location, ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: i.message,
    type: i.code,
  }));
  return new ValidationError(issues);
}

/**
 * Hono's own request parsing throws HTTPException (a body that is not JSON: 400; a body of an
 * undeclared media type: 415). Those are the caller's mistakes, so they become the matching
 * AppError naming the body or its Content-Type instead of falling through to a 500.
 */
function fromFramework(c: Context<AppEnv>, err: unknown): unknown {
  if (!(err instanceof HTTPException)) return err;
  const contentType = c.req.header('content-type') ?? '';
  switch (err.status) {
    case 400:
      return /json|formdata/i.test(err.message)
        ? new ValidationError([{ loc: ['body'], msg: `${err.message}.`, type: 'parse_error' }])
        : new BadRequestError(err.message);
    case 413:
      return new PayloadTooLargeError(err.message);
    case 415:
      return new UnsupportedMediaTypeError(
        `Content-Type '${contentType.slice(0, 100) || 'none'}' is not accepted here; send application/json.`,
        { errors: [{ loc: ['header', 'content-type'], msg: 'expected application/json', type: 'media_type' }] },
      );
    default:
      return err;
  }
}

function describe(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { value: String(err) };
}
