import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { AppError, type ParamIssue, ValidationError } from './errors';
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
export function renderProblem(c: Context<AppEnv>, err: unknown): Response {
  const requestId = c.get('requestId') ?? 'unknown';
  const base = c.get('publicBaseUrl') ?? '';
  let body: ProblemBody;
  let headers: Record<string, string> = {};
  if (err instanceof AppError) {
    body = {
      ...err.extensions,
      type: `${base}/problems/${err.code}`,
      title: err.title,
      status: err.status,
      detail: err.message,
      instance: new URL(c.req.url).pathname,
      request_id: requestId,
    };
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

function describe(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { value: String(err) };
}
