import { createRoute, z } from '@hono/zod-openapi';
import { DAILY_ALLOWANCE, effectiveEntitlements, TIERS, type Tier } from '../../shared/auth/tiers';
import { startCheckout } from '../../shared/billing/checkout';
import type { createRouter } from '../../shared/http/app';
import { problemResponses } from '../../shared/http/schemas';
import { esc, page, wantsHtml } from '../platform/html';

const TierName = z.enum([...TIERS] as [Tier, ...Tier[]]);

const TierEntry = z
  .object({
    tier: TierName,
    daily_requests: z.number().int().openapi({ description: 'Requests allowed per UTC day.', example: 500000 }),
    entitlements: z.array(z.string()).openapi({ description: 'Paid reads included, e.g. `warrant`.' }),
  })
  .openapi('PricingTier');

const Pricing = z
  .object({
    tiers: z.array(TierEntry),
    checkout_available: z.boolean(),
    note: z.string(),
  })
  .openapi('Pricing');

const pricing = createRoute({
  method: 'get',
  path: '/pricing',
  tags: ['Meta'],
  summary: 'Tiers and daily allowances',
  description: 'JSON, or an HTML page for browsers (Accept: text/html or `?format=html`).',
  request: { query: z.object({ format: z.enum(['json', 'html']).optional() }) },
  responses: {
    200: {
      description: 'The tiers.',
      content: { 'application/json': { schema: Pricing }, 'text/html': { schema: z.string() } },
    },
    ...problemResponses(400),
  },
});

const checkout = createRoute({
  method: 'post',
  path: '/checkout',
  tags: ['Meta'],
  summary: 'Buy a tier',
  description:
    'Answers 503 (`payment-not-configured`) while the deployment has no payment configuration, which is always so far.',
  request: {
    body: {
      required: false,
      content: { 'application/json': { schema: z.object({ tier: TierName.optional() }).openapi('CheckoutRequest') } },
    },
  },
  responses: problemResponses(400, 503),
});

const legacyPlans = createRoute({
  method: 'get',
  path: '/billing/plans',
  tags: ['Meta'],
  summary: 'Legacy plans URL',
  description: 'Moved permanently to /pricing.',
  responses: {
    301: { description: 'Redirect to /pricing.', headers: z.object({ Location: z.string() }) },
    ...problemResponses(),
  },
});

/** The tiers as published: allowances and entitlements come from shared/auth/tiers, the enforced values. */
export function pricingBody() {
  return {
    tiers: TIERS.map((tier) => ({
      tier,
      daily_requests: DAILY_ALLOWANCE[tier],
      entitlements: effectiveEntitlements(tier),
    })),
    checkout_available: false,
    note: 'Prices are quoted on request; online checkout is unavailable while payment is not configured.',
  };
}

/** What a tier buys, in words: every key reads the catalog and current state; entitlements add more. */
function includes(entitlements: string[]): string {
  const paid = entitlements.map((e) => (e === 'warrant' ? 'signed warrants, appeals and changes' : e));
  return ['catalog and current-state reads', ...paid].join('; ');
}

function pricingPage(body: ReturnType<typeof pricingBody>): string {
  const rows = body.tiers
    .map(
      (t) =>
        `<tr><td>${esc(t.tier)}</td><td class="num">${t.daily_requests.toLocaleString('en-US')}</td><td>${esc(includes(t.entitlements))}</td></tr>`,
    )
    .join('\n');
  return page(
    'Pricing',
    `<h1>Pricing</h1>
<table id="tiers"><thead><tr><th>tier</th><th class="num">requests per UTC day</th><th>includes</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p class="muted">${esc(body.note)}</p>`,
  );
}

/** GET /pricing, POST /checkout (503 while unconfigured) and the legacy GET /billing/plans (301). */
export function mountPricing(router: ReturnType<typeof createRouter>): void {
  router.openapi(pricing, (c) => {
    const body = pricingBody();
    if (wantsHtml(c, c.req.valid('query').format)) return c.html(pricingPage(body), 200);
    return c.json(body, 200);
  });
  router.openapi(checkout, (c) => startCheckout(c.req.valid('json')?.tier, `${c.get('publicBaseUrl')}/pricing`));
  router.openapi(legacyPlans, (c) => c.redirect('/pricing', 301));
}
