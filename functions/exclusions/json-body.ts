import type { MiddlewareHandler } from 'hono';
import { ValidationError } from '../../shared/http/errors';
import type { AppEnv } from '../../shared/http/types';

/**
 * A POST body that is not JSON is a 400 problem naming `body` (never the validator's bare
 * error). The parsed body is cached by Hono, so the route's validator reads it again for free.
 */
export const requireJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'POST') return next();
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw ValidationError.single(
      'body',
      'body',
      'expected a JSON body (Content-Type: application/json)',
      'content_type',
    );
  }
  try {
    await c.req.json();
  } catch {
    throw ValidationError.single('body', 'body', 'the body is not valid JSON', 'json_invalid');
  }
  return next();
};
