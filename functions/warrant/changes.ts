import { createRoute, z } from '@hono/zod-openapi';
import { withAttestation } from '../../shared/attestation/schemas';
import { signedJson } from '../../shared/attestation/signed-json';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { ValidationError } from '../../shared/http/errors';
import { DateString, jsonResponse, problemResponses } from '../../shared/http/schemas';
import { warrantChanges } from '../../shared/warrant/changes';
import { HcpcsParam, NpiParam, StateParam } from './params';
import { WarrantBody } from './schemas';

const Query = z.object({
  hcpcs: HcpcsParam,
  from_dos: DateString.openapi({
    param: { name: 'from_dos', in: 'query' },
    description: "The claim's date of service.",
  }),
  to_dos: DateString.openapi({
    param: { name: 'to_dos', in: 'query' },
    description: 'The later date to compare with (e.g. today).',
  }),
  npi: NpiParam,
  state: StateParam,
});

const Side = z.object({ status: z.enum(['held', 'partial', 'gap']), version_ids: z.array(z.number().int()) });
const BlockChange = z
  .object({ changed: z.boolean(), summary: z.string(), from: Side, to: Side })
  .openapi('WarrantBlockChange');

const ChangesSchema = withAttestation(
  z.object({
    hcpcs: z.string(),
    from_dos: z.string(),
    to_dos: z.string(),
    npi: z.string().nullable(),
    state: z.string().nullable(),
    any_change: z.boolean().openapi({ description: 'Whether policy moved between the two dates in any block.' }),
    blocks: z.object({ standing: BlockChange, fee: BlockChange, edits: BlockChange, documentation: BlockChange }),
    from_warrant: WarrantBody,
    to_warrant: WarrantBody,
  }),
).openapi('WarrantChanges');

const route = createRoute({
  method: 'get',
  path: '/rules/warrant/changes',
  tags: ['Warrant'],
  summary: 'Whether the rule moved between two dates of service',
  description:
    'Builds the warrant on from_dos and on to_dos and compares each block: facts added, removed or changed (a fact is identified by its kind and key, e.g. a PTP pair or an MUE setting, and compared by value), with the version ids on each side. `any_change` is the headline. from_dos must not be after to_dos. Signed; paid entitlement.',
  request: { query: Query },
  responses: { 200: jsonResponse(ChangesSchema, 'The comparison.'), ...problemResponses(400, 401, 403, 429, 503) },
});

export function mountWarrantChanges(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(route, async (c) => {
    const q = c.req.valid('query');
    if (q.from_dos > q.to_dos) throw ValidationError.single('query', 'to_dos', 'must be on or after from_dos', 'order');
    const body = await warrantChanges(deps, {
      hcpcs: q.hcpcs,
      from: q.from_dos,
      to: q.to_dos,
      npi: q.npi,
      state: q.state,
    });
    return signedJson(c, body, 200);
  });
}
