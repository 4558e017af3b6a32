import { DependencyUnavailableError } from '../http/errors';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
const WRAPPED = new RegExp(`^AWS SDK error wrapper for .*\\b(${[...NETWORK_CODES].join('|')})\\b`);

/**
 * Runs a storage call and turns "cannot reach the service" failures into a 503 problem that
 * names the dependency, so an outage of S3 never surfaces as a 500 and never hides which part failed.
 */
export async function withDependency<T>(dependency: 'DynamoDB' | 'S3', fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUnreachable(e)) {
      throw new DependencyUnavailableError(`${dependency} is unreachable; retry later.`, { dependency });
    }
    throw e;
  }
}

export function isUnreachable(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const err = e as { code?: string; name?: string; cause?: unknown; $metadata?: { httpStatusCode?: number } };
  if (err.code && NETWORK_CODES.has(err.code)) return true;
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return true;
  if (err.$metadata?.httpStatusCode === 503) return true;
  // The SDK's retry layer re-wraps a thrown value it does not recognise as an Error of its own
  // realm (a socket error crossing a vm context, as under Jest) as "AWS SDK error wrapper for
  // Error: connect ECONNREFUSED ...", dropping `code`; the message still names the cause.
  if (e instanceof Error && WRAPPED.test(e.message)) return true;
  if (err instanceof AggregateError) return err.errors.some(isUnreachable);
  return err.cause !== undefined && err.cause !== e ? isUnreachable(err.cause) : false;
}
