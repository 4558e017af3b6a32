import { accessFor, requiredEntitlement } from './policy';
import { WINDOW_SECONDS } from './ratelimit-headers';
import { lowestTierWith } from './tiers';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const PROBLEM = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };

const HEADERS = {
  'RateLimit-Policy': {
    description: `The daily quota, draft-ietf-httpapi-ratelimit-headers-11 form: "daily";q=<allowance>;w=${WINDOW_SECONDS}.`,
    schema: { type: 'string', example: `"daily";q=500000;w=${WINDOW_SECONDS}` },
  },
  RateLimit: {
    description: 'Requests left today and seconds until the next UTC midnight: "daily";r=<remaining>;t=<seconds>.',
    schema: { type: 'string', example: '"daily";r=499123;t=40000' },
  },
  'Retry-After': { description: 'Seconds until the allowance resets.', schema: { type: 'integer' } },
  'X-Service-Quota-Reset': {
    description: 'When the allowance resets (next UTC midnight), ISO 8601.',
    schema: { type: 'string', format: 'date-time' },
  },
};

type Operation = { responses?: Record<string, Record<string, unknown>>; [k: string]: unknown };

/**
 * Stamp every operation of a generated OpenAPI document with what the access policy enforces:
 * `security` (none for public routes, the X-API-Key scheme otherwise), the 401/403/429 problem
 * responses the middleware can produce, and the RateLimit headers on metered answers. The table in
 * policy.ts is the single source, so the contract and the enforcement cannot disagree.
 */
export function annotateSecurity(doc: { paths?: object }): void {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      const access = accessFor(method, path);
      op['x-access'] = access.level;
      if (access.level === 'public') {
        op.security = [];
        continue;
      }
      op.security = [{ ApiKeyAuth: [] }];
      op.responses ??= {};
      const responses = op.responses;
      responses['401'] ??= { description: 'API key missing, unknown or revoked.', content: PROBLEM };
      const entitlement = requiredEntitlement(access.level);
      if (entitlement) {
        responses['403'] ??= {
          description: `The key lacks the '${entitlement}' entitlement (included from the ${lowestTierWith(entitlement)} tier up).`,
          content: PROBLEM,
        };
      }
      if (access.metered) {
        responses['429'] ??= {
          description: "Today's allowance is used up; retry after the reset (next UTC midnight).",
          content: PROBLEM,
        };
        const tooMany = responses['429'];
        tooMany.headers = { ...(tooMany.headers as Record<string, unknown> | undefined), ...HEADERS };
      }
      for (const [status, response] of Object.entries(responses)) {
        if (!/^2\d\d$/.test(status)) continue;
        response.headers = {
          ...(response.headers as Record<string, unknown> | undefined),
          'RateLimit-Policy': HEADERS['RateLimit-Policy'],
          RateLimit: HEADERS.RateLimit,
        };
      }
    }
  }
}
