import { createRoute, z } from '@hono/zod-openapi';
import { acceptedKey } from '../../shared/auth/access-control';
import { TIERS } from '../../shared/auth/tiers';
import { UsageMeter } from '../../shared/auth/usage';
import { usageReport } from '../../shared/auth/usage-report';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { UnauthorizedError } from '../../shared/http/errors';
import { problemResponses } from '../../shared/http/schemas';
import { wantsHtml } from './html';
import { renderUsagePage } from './usage-page';

const DayCount = z.object({ date: z.string().openapi({ format: 'date' }), count: z.number().int() });

export const UsageReportSchema = z
  .object({
    key_id: z.string().openapi({ example: 'key_3f9a1c0d5e7b2a64' }),
    billing_tier: z.enum(TIERS),
    entitlements: z.array(z.string()),
    daily_allowance: z.number().int(),
    today: z.object({
      date: z.string().openapi({ format: 'date' }),
      count: z.number().int(),
      remaining: z.number().int(),
    }),
    quota_reset_at: z.string().openapi({ format: 'date-time', description: 'Next UTC midnight.' }),
    reset_in_seconds: z.number().int(),
    last_30_days: z.array(DayCount).openapi({ description: 'Oldest first, ending today; zero on idle days.' }),
  })
  .openapi('UsageReport');

export const FormatQuery = z.object({
  format: z
    .enum(['json', 'html'])
    .optional()
    .openapi({ description: 'Overrides the Accept header: html for the browser page, json for data.' }),
});

const route = createRoute({
  method: 'get',
  path: '/my-usage',
  tags: ['Platform'],
  summary: "The calling key's usage",
  description:
    "Today's request count against the tier's daily allowance, the reset time (next UTC midnight) and the last 30 days. Browsers (Accept: text/html, or format=html) get a dashboard with a chart. Reading it spends no allowance.",
  request: { query: FormatQuery },
  responses: {
    200: {
      description: 'Usage of the key in X-API-Key.',
      content: { 'application/json': { schema: UsageReportSchema }, 'text/html': { schema: z.string() } },
    },
    ...problemResponses(400),
  },
});

/** The report is built from the key the access-control middleware already read: no second key lookup. */
export function mountMyUsage(router: ReturnType<typeof createRouter>, deps: Deps): void {
  const usage = new UsageMeter(deps.tables.keys);
  router.openapi(route, async (c) => {
    const key = acceptedKey(c);
    if (!key) throw new UnauthorizedError('This endpoint needs a customer API key in X-API-Key.');
    const report = await usageReport(usage, key, deps.clock.now());
    if (wantsHtml(c, c.req.valid('query').format)) return c.html(renderUsagePage(report), 200);
    return c.json(report, 200);
  });
}
