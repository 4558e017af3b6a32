import { createRoute } from '@hono/zod-openapi';
import { keyStoreFor } from '../../shared/auth/access-control';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { PageQuery } from '../../shared/http/paging';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { ApiKeyPage, ApiKeyRecord, CreatedKey, CreateKeyBody, KeyIdParam, UpdateKeyBody } from './schemas';

/**
 * Operator routes, gated by ADMIN_API_KEY through the access policy (`/admin/*` is admin level) and
 * hidden from the published contract. Secrets appear only in the creation response.
 */
const tags = ['Admin'];
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

const create = createRoute({
  method: 'post',
  path: '/admin/keys',
  hide: true,
  tags,
  summary: 'Create an API key',
  request: { body: json(CreateKeyBody) },
  responses: {
    201: jsonResponse(CreatedKey, 'The key; its secret is shown only here.'),
    ...problemResponses(400, 401),
  },
});

const list = createRoute({
  method: 'get',
  path: '/admin/keys',
  hide: true,
  tags,
  summary: 'List API keys (no secrets)',
  request: { query: PageQuery },
  responses: { 200: jsonResponse(ApiKeyPage, 'Keys, oldest first.'), ...problemResponses(400, 401) },
});

const getOne = createRoute({
  method: 'get',
  path: '/admin/keys/{key_id}',
  hide: true,
  tags,
  summary: 'One API key (no secret)',
  request: { params: KeyIdParam },
  responses: { 200: jsonResponse(ApiKeyRecord, 'The key.'), ...problemResponses(400, 401, 404) },
});

const update = createRoute({
  method: 'patch',
  path: '/admin/keys/{key_id}',
  hide: true,
  tags,
  summary: "Set or clear a key's own daily allowance",
  request: { params: KeyIdParam, body: json(UpdateKeyBody) },
  responses: { 200: jsonResponse(ApiKeyRecord, 'The key after the change.'), ...problemResponses(400, 401, 404) },
});

const revoke = createRoute({
  method: 'delete',
  path: '/admin/keys/{key_id}',
  hide: true,
  tags,
  summary: 'Revoke an API key (idempotent)',
  request: { params: KeyIdParam },
  responses: { 200: jsonResponse(ApiKeyRecord, 'The revoked key.'), ...problemResponses(400, 401, 404) },
});

export const adminGroup: RouteGroup = {
  name: 'admin',
  description: 'Operator-only key administration under /admin (hidden from the contract)',
  build(deps) {
    const keys = keyStoreFor(deps);
    const r = createRouter();
    r.openapi(create, async (c) => {
      const b = c.req.valid('json');
      const { record, secret } = await keys.create({
        tier: b.tier,
        label: b.label,
        entitlements: b.entitlements,
        allowance: b.daily_allowance,
      });
      return c.json({ ...record, api_key: secret }, 201);
    });
    r.openapi(list, async (c) => c.json(await keys.list(c.req.valid('query')), 200));
    r.openapi(getOne, async (c) => c.json(await keys.get(c.req.valid('param').key_id), 200));
    r.openapi(update, async (c) =>
      c.json(await keys.setAllowance(c.req.valid('param').key_id, c.req.valid('json').daily_allowance), 200),
    );
    r.openapi(revoke, async (c) => c.json(await keys.revoke(c.req.valid('param').key_id), 200));
    return r;
  },
};
