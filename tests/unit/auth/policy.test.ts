import { toTemplate } from '../../../shared/auth/access-control';
import { ACCESS_POLICY, type AccessLevel, accessFor, requiredEntitlement } from '../../../shared/auth/policy';

describe('the access policy table', () => {
  const expected: [string, string, AccessLevel, boolean][] = [
    // Unauthenticated per the specification's Authentication section.
    ['GET', '/rules/warrant/signing-key', 'public', false],
    ['GET', '/archive/docs/{doc_id}/as-of', 'public', false],
    ['GET', '/archive/docs/lcd:33822/as-of', 'public', false],
    ['GET', '/v1/archive/docs/{doc_id}/versions', 'public', false],
    ['GET', '/status', 'public', false],
    ['GET', '/health', 'public', false],
    ['GET', '/health/deep', 'public', false],
    ['GET', '/accuracy', 'public', false],
    ['GET', '/accuracy/discipline-coverage', 'public', false],
    ['GET', '/demo/exclusions/check', 'public', false],
    ['GET', '/demo/exclusions/search', 'public', false],
    ['POST', '/demo/exclusions/check', 'public', false],
    ['GET', '/docs', 'public', false],
    ['GET', '/openapi.json', 'public', false],
    ['GET', '/changelog', 'public', false],
    ['GET', '/pricing', 'public', false],
    ['GET', '/examples', 'public', false],
    ['GET', '/examples/{lang}', 'public', false],
    ['GET', '/resources/{slug}', 'public', false],
    ['GET', '/problems/quota-exceeded', 'public', false],
    ['GET', '/billing/plans', 'public', false],
    ['POST', '/billing/checkout', 'public', false],
    // The paid entitlement.
    ['GET', '/rules/warrant', 'entitlement:warrant', true],
    ['GET', '/rules/warrant/appeal', 'entitlement:warrant', true],
    ['GET', '/rules/warrant/changes', 'entitlement:warrant', true],
    ['HEAD', '/rules/warrant', 'entitlement:warrant', true],
    // Free-tier reads.
    ['GET', '/rules/dmepos/fee', 'key', true],
    ['GET', '/rules/ncci/mue', 'key', true],
    ['GET', '/rules/ncci/ptp', 'key', true],
    ['GET', '/sources', 'key', true],
    ['GET', '/sources/{source_id}', 'key', true],
    ['GET', '/sources/cms_ncci_mue/history', 'key', true],
    ['POST', '/v1/subscriptions', 'key', true],
    ['POST', '/v1/subscriptions/unsubscribe', 'key', true],
    ['GET', '/platform/stats', 'key', true],
    ['GET', '/my-usage', 'key', false],
    // Everything not listed needs a key (deny by default).
    ['GET', '/v1/archive/sources', 'key', true],
    ['GET', '/archive/{source_id}/files', 'key', true],
    ['GET', '/v1/archive/files/{sha256}', 'key', true],
    ['GET', '/v1/archive/changes', 'key', true],
    ['GET', '/exclusions/comprehensive/{npi}', 'key', true],
    ['GET', '/rx/summary', 'key', true],
    ['GET', '/some/route/nobody/listed', 'key', true],
    // Operators.
    ['GET', '/admin/keys', 'admin', false],
    ['POST', '/admin/keys', 'admin', false],
    ['DELETE', '/admin/keys/{key_id}', 'admin', false],
  ];

  it.each(expected)('%s %s needs %s (metered: %s)', (method, path, level, metered) => {
    const a = accessFor(method, path);
    expect(a.level).toBe(level);
    expect(a.metered).toBe(metered);
  });

  it('matches methods: a GET rule does not open POST on the same path, and unknown routes need a key', () => {
    expect(accessFor('POST', '/status').level).toBe('key');
    expect(accessFor('DELETE', '/rules/warrant/signing-key').level).toBe('key');
    expect(accessFor('GET', '/rules/warrant/signing-key/extra').level).toBe('key');
    expect(accessFor('GET', '/statusx').level).toBe('key');
    expect(accessFor('GET', '/rules/warrantx').level).toBe('key');
  });

  it('a parameter segment matches exactly one path segment', () => {
    expect(accessFor('GET', '/archive/docs/as-of').level).toBe('key');
    expect(accessFor('GET', '/archive/docs/a/b/as-of').level).toBe('key');
    expect(accessFor('get', '/health/').level).toBe('public');
  });

  it('every rule of the table is reachable (no rule shadowed by an earlier one)', () => {
    ACCESS_POLICY.forEach((rule, i) => {
      const concrete = rule.pattern.replace(/\{[^}]+\}/g, 'x').replace(/\/\*$/, '/anything');
      const method = rule.method === '*' ? 'PUT' : rule.method;
      const decided = accessFor(method, concrete).rule;
      expect({ i, pattern: decided?.pattern, level: decided?.level }).toEqual({
        i,
        pattern: expect.any(String),
        level: rule.level,
      });
    });
  });

  it('names the entitlement an entitlement level demands', () => {
    expect(requiredEntitlement('entitlement:warrant')).toBe('warrant');
    expect(requiredEntitlement('key')).toBeUndefined();
  });

  it('turns Hono route paths into templates, regex constraints included', () => {
    expect(toTemplate('/archive/:source_id/files')).toBe('/archive/{source_id}/files');
    expect(toTemplate('/v1/archive/files/:sha256{[0-9a-f]{64}}')).toBe('/v1/archive/files/{sha256}');
    expect(toTemplate('/health')).toBe('/health');
  });
});
