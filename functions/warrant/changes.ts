import { createRoute, z } from '@hono/zod-openapi';
import { withAttestation } from '../../shared/attestation/schemas';
import { signedJson } from '../../shared/attestation/signed-json';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { ValidationError } from '../../shared/http/errors';
import { DateString, jsonResponse, problemResponses } from '../../shared/http/schemas';
import { warrantChanges } from '../../shared/warrant/changes';
import { GAP_REASONS } from '../../shared/warrant/schema';
import {
  claimLineOf,
  HcpcsParam,
  ModifierParam,
  NpiParam,
  SettingParam,
  StateParam,
  UnitsParam,
  ZipParam,
} from './params';
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
  modifier: ModifierParam,
  units: UnitsParam,
  zip: ZipParam,
  setting: SettingParam,
});

const Side = z.object({ status: z.enum(['held', 'partial', 'gap']), version_ids: z.array(z.number().int()) });
const CoverageSide = z.object({ reason: z.enum(GAP_REASONS), detail: z.string() }).nullable();
const BlockChange = z
  .object({
    changed: z.boolean().openapi({ description: 'Policy moved in this block: a fact in force changed.' }),
    summary: z.string(),
    coverage_changed: z.boolean().openapi({
      description:
        'The archive could answer on one date and not the other for a source of this block (not a policy move).',
    }),
    coverage: z
      .array(
        z.object({
          source_id: z.string().nullable(),
          doc_id: z.string().nullable(),
          from: CoverageSide,
          to: CoverageSide,
        }),
      )
      .openapi({ description: 'Per source document, the coverage gap on each side (null: a version answered).' }),
    from: Side,
    to: Side,
  })
  .openapi('WarrantBlockChange');

const ChangesSchema = withAttestation(
  z.object({
    hcpcs: z.string(),
    from_dos: z.string(),
    to_dos: z.string(),
    npi: z.string().nullable(),
    state: z.string().nullable(),
    any_change: z.boolean().openapi({
      description:
        'Whether policy moved between the two dates in any block: a fact in force on one date is added, removed or altered on the other while both dates had a version answering. Archive coverage (a file archived for one date only, a stale or missing release) never counts: see any_coverage_difference.',
    }),
    any_coverage_difference: z.boolean().openapi({
      description:
        'Whether any block could answer from the archive on one date but not the other (reported beside any_change, never as policy).',
    }),
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
      ...claimLineOf(q),
    });
    return signedJson(c, body, 200);
  });
}
