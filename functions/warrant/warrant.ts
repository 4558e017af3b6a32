import { createRoute, z } from '@hono/zod-openapi';
import { signedJson } from '../../shared/attestation/signed-json';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { buildWarrant } from '../../shared/warrant/service';
import {
  AsOfParam,
  claimLineOf,
  DosParam,
  dateOfService,
  HcpcsParam,
  ModifierParam,
  NpiParam,
  SettingParam,
  StateParam,
  UnitsParam,
  ZipParam,
} from './params';
import { WarrantAnswerSchema } from './schemas';

const WarrantQuery = z.object({
  hcpcs: HcpcsParam,
  as_of: AsOfParam,
  dos: DosParam,
  npi: NpiParam,
  state: StateParam,
  modifier: ModifierParam,
  units: UnitsParam,
  zip: ZipParam,
  setting: SettingParam,
});

const warrant = createRoute({
  method: 'get',
  path: '/rules/warrant',
  tags: ['Warrant'],
  summary: 'The signed warrant for a code and a date of service',
  description:
    'One block per part (standing, fee, edits, documentation). Each block lists the facts it holds, each with a receipt to the archived publisher file and row it came from, and the gaps it could not fill with a reason code (source_not_loaded, no_version_in_force, code_not_in_version, state_required, ambiguous_version, not_applicable). Fee and documentation need `state`; the provider exclusion status needs `npi`. A well-formed code no source knows is an answer with gaps, not an error. Claim-line context (optional): `modifier` (at most two) selects the fee row, `zip` the rural or non-rural fee (DMEPOS rural ZIP file in force), `setting` the MUE and PTP tables, `units` is checked against each MUE; every selected fact says why (`selected_because`). Without them every candidate row is listed. An unknown query parameter is a 400 naming it. CPT descriptors are never served. Freshness: a server reuses the source timelines (and the provider exclusion screen) it read for at most WARRANT_TIMELINE_TTL_MS (default 1 s), so a version archived or loaded elsewhere is answered from at most that long after it is recorded; facts of an archive version never change and are cached per version. Signed (see /rules/warrant/signing-key). Paid entitlement.',
  request: { query: WarrantQuery },
  responses: { 200: jsonResponse(WarrantAnswerSchema, 'The warrant.'), ...problemResponses(400, 401, 403, 429, 503) },
});

export function mountWarrant(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(warrant, async (c) => {
    const q = c.req.valid('query');
    const answer = await buildWarrant(deps, {
      hcpcs: q.hcpcs,
      asOf: dateOfService(q),
      npi: q.npi,
      state: q.state,
      ...claimLineOf(q),
    });
    return signedJson(c, answer, 200);
  });
}
