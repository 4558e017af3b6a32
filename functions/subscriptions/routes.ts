import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Deps } from '../../shared/deps';
import { createRouter, type RouteGroup } from '../../shared/http/app';
import { UnauthorizedError } from '../../shared/http/errors';
import { PageQuery, pageOf } from '../../shared/http/paging';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import type { AppEnv } from '../../shared/http/types';
import { getSource } from '../../shared/sources/registry';
import { redeliver } from '../../shared/webhooks/redeliver';
import { type Resolver, systemResolver } from '../../shared/webhooks/resolver';
import type { Transport } from '../../shared/webhooks/sender';
import {
  getSubscriptionView,
  listDeliveries,
  listSubscriptionViews,
  registerSubscription,
  unsubscribe,
  type WebhookServiceDeps,
} from '../../shared/webhooks/service';
import {
  DeliveryAttempt,
  IdParam,
  RedeliveryRequest,
  RedeliveryResult,
  Subscription,
  SubscriptionRegistration,
  SubscriptionRequest,
  TokenQuery,
} from './schemas';

const tags = ['Subscriptions'];

const register = createRoute({
  method: 'post',
  path: '/v1/subscriptions',
  tags,
  summary: 'Register a webhook subscription',
  description:
    'Returns the signing secret and the unsubscribe token once. The webhook URL is refused (400 naming webhook_url) unless https, without credentials, on port 443 (or another port the operator allows), and every address its host resolves to is public.',
  request: { body: { content: { 'application/json': { schema: SubscriptionRequest } }, required: true } },
  responses: {
    201: jsonResponse(SubscriptionRegistration, 'Registered; keep the secret and the token.'),
    ...problemResponses(400, 401, 415),
  },
});

const list = createRoute({
  method: 'get',
  path: '/v1/subscriptions',
  tags,
  summary: "The calling key's subscriptions",
  request: { query: PageQuery },
  responses: {
    200: jsonResponse(pageOf(Subscription, 'SubscriptionPage'), 'In id order.'),
    ...problemResponses(400, 401),
  },
});

const unsubscribeRoute = createRoute({
  method: 'post',
  path: '/v1/subscriptions/unsubscribe',
  tags,
  summary: 'Unregister a subscription with its unsubscribe token',
  description: 'Idempotent: a second call answers the same. An unknown token is a 404.',
  request: { query: TokenQuery },
  responses: { 200: jsonResponse(Subscription, 'Unsubscribed (now or before).'), ...problemResponses(400, 401, 404) },
});

const getOne = createRoute({
  method: 'get',
  path: '/v1/subscriptions/{id}',
  tags,
  summary: 'One of your subscriptions (never its secret)',
  request: { params: IdParam },
  responses: { 200: jsonResponse(Subscription, 'The subscription.'), ...problemResponses(400, 401, 404) },
});

const deliveries = createRoute({
  method: 'get',
  path: '/v1/subscriptions/{id}/deliveries',
  tags,
  summary: 'Delivery log of one of your subscriptions',
  description:
    'Each attempt (daily run or manual redelivery): time, receiver status or failure class, latency, count. Newest first.',
  request: { params: IdParam, query: PageQuery },
  responses: {
    200: jsonResponse(pageOf(DeliveryAttempt, 'DeliveryAttemptPage'), 'Newest first.'),
    ...problemResponses(400, 401, 404),
  },
});

const redeliverRoute = createRoute({
  method: 'post',
  path: '/v1/subscriptions/{id}/redeliver',
  tags,
  summary: 'Re-send the changes observed in a day range, now',
  description:
    'One signed delivery of the in-scope changes observed between from and to (UTC days, inclusive), cut to the last 14 days. The cursor does not move. No matching change: no request, attempt null.',
  request: {
    params: IdParam,
    body: { content: { 'application/json': { schema: RedeliveryRequest } }, required: true },
  },
  responses: { 200: jsonResponse(RedeliveryResult, 'The attempt made.'), ...problemResponses(400, 401, 404, 409) },
});

/** The owner of subscriptions: the API key the access-control middleware accepted. */
function ownerOf(c: Context<AppEnv>): string {
  const principal = c.get('principal');
  if (!principal) throw new UnauthorizedError('An API key is required (header X-API-Key).');
  return principal.keyId;
}

/** Network seams for tests and benchmarks; set only by code, never by configuration. */
export interface SubscriptionsGroupOptions {
  resolver?: Resolver;
  transport?: Transport;
}

/** Webhook subscriptions: registration, unsubscribe, the delivery log and manual redelivery. */
export function createSubscriptionsGroup(opts: SubscriptionsGroupOptions = {}): RouteGroup {
  return {
    name: 'subscriptions',
    description: 'Webhook subscriptions (/v1/subscriptions)',
    build(deps: Deps) {
      const d: WebhookServiceDeps = {
        config: deps.config,
        clock: deps.clock,
        logger: deps.logger,
        tables: deps.tables,
        resolver: opts.resolver ?? systemResolver,
        transport: opts.transport,
        isKnownSource: (id) => getSource(id) !== undefined,
      };
      const r = createRouter();
      r.openapi(register, async (c) => c.json(await registerSubscription(d, ownerOf(c), c.req.valid('json')), 201));
      r.openapi(list, async (c) => c.json(await listSubscriptionViews(d, ownerOf(c), c.req.valid('query')), 200));
      r.openapi(unsubscribeRoute, async (c) => c.json(await unsubscribe(d, c.req.valid('query').token), 200));
      r.openapi(getOne, async (c) => c.json(await getSubscriptionView(d, ownerOf(c), c.req.valid('param').id), 200));
      r.openapi(deliveries, async (c) => {
        const { id } = c.req.valid('param');
        return c.json(await listDeliveries(d, ownerOf(c), id, c.req.valid('query')), 200);
      });
      r.openapi(redeliverRoute, async (c) =>
        c.json(await redeliver(d, ownerOf(c), c.req.valid('param').id, c.req.valid('json')), 200),
      );
      return r;
    },
  };
}

export const subscriptionsGroup = createSubscriptionsGroup();
