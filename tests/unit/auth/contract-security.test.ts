import { buildContract, buildRouteMap } from '../../../functions/openapi';
import { accessFor } from '../../../shared/auth/policy';

type Op = {
  security?: unknown[];
  'x-access'?: string;
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
};

describe('the contract publishes the access policy it is enforced by', () => {
  const doc = buildContract() as { paths: Record<string, Record<string, Op>>; components: { securitySchemes: object } };
  const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

  it('declares the X-API-Key scheme and annotates every operation from the policy table', () => {
    expect(doc.components.securitySchemes).toEqual({
      ApiKeyAuth: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    });
    expect(ops.length).toBeGreaterThan(3);
    for (const { path, method, op } of ops) {
      const access = accessFor(method, path);
      expect({ path, method, level: op['x-access'] }).toEqual({ path, method, level: access.level });
      if (access.level === 'public') {
        expect(op.security).toEqual([]);
        continue;
      }
      expect(op.security).toEqual([{ ApiKeyAuth: [] }]);
      expect(op.responses['401']?.content).toHaveProperty(['application/problem+json']);
      if (access.level.startsWith('entitlement:')) expect(op.responses['403']).toBeDefined();
      if (access.metered) {
        expect(Object.keys(op.responses['429']?.headers ?? {})).toEqual(
          expect.arrayContaining(['Retry-After', 'X-Service-Quota-Reset', 'RateLimit', 'RateLimit-Policy']),
        );
      } else {
        expect(op.responses['429']).toBeUndefined();
      }
      const ok = Object.entries(op.responses).find(([s]) => s.startsWith('2'));
      if (ok)
        expect(Object.keys(ok[1].headers ?? {})).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Policy']));
    }
  });

  it('publishes /my-usage as key-only and unmetered, and the health check as public', () => {
    expect(doc.paths['/my-usage']?.get?.security).toEqual([{ ApiKeyAuth: [] }]);
    expect(doc.paths['/my-usage']?.get?.responses['429']).toBeUndefined();
    expect(doc.paths['/health']?.get?.security).toEqual([]);
  });

  it('hides the admin routes from the contract but keeps them in the infrastructure route map', () => {
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/admin'))).toEqual([]);
    const admin = buildRouteMap().filter((r) => r.group === 'admin');
    expect(admin.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'DELETE /admin/keys/{key_id}',
      'GET /admin/keys',
      'GET /admin/keys/{key_id}',
      'PATCH /admin/keys/{key_id}',
      'POST /admin/keys',
    ]);
  });
});
