import type { Entitlement } from './tiers';

/**
 * The one access policy: which key every route needs. The middleware (access-control.ts) enforces
 * it on every surface and the contract generator (contract-security.ts) publishes it, both from this
 * table, so the documented and the enforced requirement cannot drift.
 *
 *  - public: no key; a key sent anyway is ignored (and not counted).
 *  - key: any valid, unrevoked key, free tier included; counted against the daily allowance.
 *  - entitlement:<name>: a valid key whose tier (or the key itself) carries the entitlement.
 *  - admin: the operator's ADMIN_API_KEY; answers 404 when no admin key is configured.
 *
 * Routes not listed need a key (deny by default). Source: the specification's Authentication section.
 */
export type AccessLevel = 'public' | 'key' | `entitlement:${Entitlement}` | 'admin';

export interface PolicyRule {
  /** HTTP method, or '*' for any. GET rules also cover HEAD. */
  method: string;
  /** OpenAPI-style path: `{name}` matches one segment; a final `*` matches any remainder (or none). */
  pattern: string;
  level: AccessLevel;
  /** Whether a request counts against the key's daily allowance (default true for key levels). */
  metered?: boolean;
}

const rule = (method: string, pattern: string, level: AccessLevel, metered?: boolean): PolicyRule => ({
  method,
  pattern,
  level,
  ...(metered === undefined ? {} : { metered }),
});

/** First match wins; keep specific patterns above general ones. */
export const ACCESS_POLICY: readonly PolicyRule[] = [
  // Unauthenticated (Authentication 4-5): verifying needs no key, nor do status, health and accuracy.
  rule('GET', '/rules/warrant/signing-key', 'public'),
  rule('GET', '/archive/docs/{doc_id}/as-of', 'public'),
  rule('GET', '/v1/archive/docs/{doc_id}/versions', 'public'),
  // The original bytes a signed citation names: an appeal reviewer follows them without a key.
  rule('GET', '/archive/files/{sha256}/original', 'public'),
  rule('GET', '/status', 'public'),
  rule('GET', '/health', 'public'),
  rule('GET', '/health/deep', 'public'),
  rule('GET', '/accuracy', 'public'),
  rule('GET', '/accuracy/discipline-coverage', 'public'),
  rule('*', '/demo/exclusions/*', 'public'),
  // The agent-tool surface: its own messages (initialize, tools/list, ping) need no key; each tool
  // call is a request to a route above, which checks and counts the key once (functions/mcp).
  rule('*', '/mcp', 'public'),
  // Documentation, pricing and purchase pages.
  rule('GET', '/', 'public'),
  rule('GET', '/docs', 'public'),
  rule('GET', '/docs/*', 'public'),
  rule('GET', '/openapi.json', 'public'),
  rule('GET', '/changelog', 'public'),
  rule('GET', '/pricing', 'public'),
  rule('GET', '/examples', 'public'),
  rule('GET', '/examples/*', 'public'),
  rule('GET', '/resources', 'public'),
  rule('GET', '/resources/*', 'public'),
  rule('GET', '/problems', 'public'),
  rule('GET', '/problems/*', 'public'),
  rule('GET', '/billing/plans', 'public'),
  rule('*', '/billing/checkout', 'public'),
  rule('*', '/checkout', 'public'),
  // The paid entitlement (Authentication 3): the warrant, its appeal exhibit and its changes.
  rule('GET', '/rules/warrant', 'entitlement:warrant'),
  rule('GET', '/rules/warrant/appeal', 'entitlement:warrant'),
  rule('GET', '/rules/warrant/changes', 'entitlement:warrant'),
  // Current-state rule reads and the catalog stay free (any key).
  rule('GET', '/rules/dmepos/fee', 'key'),
  rule('GET', '/rules/ncci/mue', 'key'),
  rule('GET', '/rules/ncci/ptp', 'key'),
  rule('GET', '/sources', 'key'),
  rule('GET', '/sources/*', 'key'),
  rule('*', '/v1/subscriptions', 'key'),
  rule('*', '/v1/subscriptions/*', 'key'),
  rule('GET', '/platform/stats', 'key'),
  rule('*', '/exclusions/*', 'key'),
  // Reading one's own usage never spends allowance, so it still answers after a 429.
  rule('GET', '/my-usage', 'key', false),
  // Operators only; hidden from the contract.
  rule('*', '/admin', 'admin'),
  rule('*', '/admin/*', 'admin'),
];

export interface Access {
  level: AccessLevel;
  metered: boolean;
  /** The rule that decided, or undefined for the default. */
  rule?: PolicyRule;
}

/** The access a request needs. `path` may be concrete (/sources/x) or a template (/sources/{id}). */
export function accessFor(method: string, path: string): Access {
  const m = method.toUpperCase();
  const segments = split(path);
  for (const r of ACCESS_POLICY) {
    if (!methodMatches(r.method, m)) continue;
    if (!patternMatches(split(r.pattern), segments)) continue;
    return { level: r.level, metered: r.level !== 'public' && r.level !== 'admin' && r.metered !== false, rule: r };
  }
  return { level: 'key', metered: true };
}

/** The entitlement a level demands, if any. */
export function requiredEntitlement(level: AccessLevel): Entitlement | undefined {
  return level.startsWith('entitlement:') ? (level.slice('entitlement:'.length) as Entitlement) : undefined;
}

function methodMatches(ruleMethod: string, method: string): boolean {
  if (ruleMethod === '*') return true;
  return ruleMethod === method || (ruleMethod === 'GET' && method === 'HEAD');
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function patternMatches(pattern: string[], path: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p === '*' && i === pattern.length - 1) return true;
    const s = path[i];
    if (s === undefined) return false;
    if (/^\{[^}]+\}$/.test(p)) continue;
    if (p !== s) return false;
  }
  return pattern.length === path.length;
}
