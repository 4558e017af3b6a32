import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { financialAffiliation } from '../../shared/providers/financial';
import { FinancialAffiliationSchema } from '../../shared/providers/financial-schemas';
import { FinancialQuery, ProviderNpiPath } from './financial-schemas';

const tags = ['Providers and licenses'];

const financialRoute = createRoute({
  method: 'get',
  path: '/provider/{npi}/financial-affiliation',
  tags,
  summary: "A provider's payments from drug and device makers (Open Payments)",
  description:
    'Open Payments (source `cms_open_payments`: general, research and ownership detail files, program years 2021 on) for the NPI as of `as_of`: `groups` per program year, kind, role, payer and nature (payments and dollars, summed when the files loaded), each with `rows`, the query listing its rows here; `totals` of what the NPI received by year, payer and nature (research it is only named PI of is kept apart, role principal_investigator); and `payments`, one page of the rows themselves, newest first, each with its Record_ID and archived source (filters `program_year`, `kind`, `payer`, `nature` select the rows of `payments` only, not `groups` or `totals`; `limit` at most 1000; `next_cursor`). An NPI with no payments is an empty answer (no report is a fact), a malformed NPI a 400 naming `npi`, no publication in force a 503 naming cms_open_payments.',
  request: { params: ProviderNpiPath, query: FinancialQuery },
  responses: {
    200: jsonResponse(FinancialAffiliationSchema, 'The payments.'),
    ...problemResponses(400, 401, 503),
  },
});

/** Registers /provider/{npi}/financial-affiliation. */
export function registerFinancialRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(financialRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    const date = asOfOrToday(deps.clock, as_of);
    return c.json(await financialAffiliation(deps, c.req.valid('param').npi, date, q), 200);
  });
}
