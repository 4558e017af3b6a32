import { createRoute } from '@hono/zod-openapi';
import { asOfOrToday } from '../../shared/catalog/as-of';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { EstablishmentListSchema, EstablishmentOperationListSchema } from '../../shared/rx/establishment-schemas';
import { establishmentOperations, listEstablishments } from '../../shared/rx/establishments';
import { EstablishmentsQuery, OperationsQuery } from './establishments-schemas';

const decrs =
  "From FDA's Drug Establishments Current Registration Site file (fda_decrs, drls_reg.txt) in force on `as_of` (each daily download a snapshot, in force from the day it was archived until the next; a gap once 8 days old): 503 naming fda_decrs when none is loaded and in force.";

const establishmentsRoute = createRoute({
  method: 'get',
  path: '/rx/establishments',
  tags: ['Drug economics'],
  summary: 'Registered drug establishments',
  description: `${decrs} One item per registration line: FEI, DUNS, firm name, address as published, ISO-3 country read from it, registration expiry, business operations, registrant name and DUNS, exclusion flag, and the published line (\`source\`). Contact names, e-mail addresses and the US agent block are not served. Filters: \`operation\` (exactly, case-insensitive, e.g. \`API MANUFACTURE\`), \`country\` (ISO-3; malformed is a 400 naming \`country\`), \`firm\`, \`registrant\`, \`fei\`. Default order: firm name, then FEI, then place in the file (unique); \`sort=fei_number\` orders by FEI. Paged by \`limit\` (at most 1000) and \`offset\`, with the exact \`total\`.`,
  request: { query: EstablishmentsQuery },
  responses: { 200: jsonResponse(EstablishmentListSchema, 'The establishments.'), ...problemResponses(400, 401, 503) },
});

const operationsRoute = createRoute({
  method: 'get',
  path: '/rx/establishments/operations',
  tags: ['Drug economics'],
  summary: 'Establishment operation types with counts',
  description: `${decrs} Every business operation type the file lists, with the number of registration lines listing it (an FEI on two lines counts twice), computed when the file loaded (a catalog rollup), most lines first, ties by operation name (unique). Paged by \`limit\` and \`offset\`.`,
  request: { query: OperationsQuery },
  responses: {
    200: jsonResponse(EstablishmentOperationListSchema, 'The operation types.'),
    ...problemResponses(400, 401, 503),
  },
});

/** GET /rx/establishments and /rx/establishments/operations. */
export function registerEstablishmentRoutes(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(establishmentsRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await listEstablishments(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
  router.openapi(operationsRoute, async (c) => {
    const { as_of, ...q } = c.req.valid('query');
    return c.json(await establishmentOperations(deps, q, asOfOrToday(deps.clock, as_of)), 200);
  });
}
