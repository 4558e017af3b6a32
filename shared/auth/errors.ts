import { ForbiddenError, UnauthorizedError } from '../http/errors';

/** RFC 9110 §11.6.1: a 401 names how to authenticate; ours is a key in the X-API-Key header. */
export const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'APIKey header="X-API-Key"' };

export function missingKey(): UnauthorizedError {
  return new UnauthorizedError(
    'This endpoint needs an API key: send it in the X-API-Key header.',
    {},
    WWW_AUTHENTICATE,
  );
}

export function invalidKey(): UnauthorizedError {
  return new UnauthorizedError(
    'The API key in X-API-Key is not valid: it is unknown or revoked.',
    {},
    WWW_AUTHENTICATE,
  );
}

export function adminKeyRequired(): UnauthorizedError {
  return new UnauthorizedError('This operator endpoint needs the admin key in X-API-Key.', {}, WWW_AUTHENTICATE);
}

/** The key is valid, but its tier lacks the entitlement; the problem names the tier to buy. */
export class EntitlementRequiredError extends ForbiddenError {
  override readonly code = 'entitlement-required';
  override readonly title = 'Not entitled';
}
