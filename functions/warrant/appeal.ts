import { createRoute, z } from '@hono/zod-openapi';
import { withAttestation } from '../../shared/attestation/schemas';
import { signedJson } from '../../shared/attestation/signed-json';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { problemResponses } from '../../shared/http/schemas';
import { appealExhibit } from '../../shared/warrant/appeal';
import { renderAppealHtml } from './appeal-html';
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
import { WarrantBody } from './schemas';

const Query = z.object({
  hcpcs: HcpcsParam,
  dos: DosParam.openapi({ param: { name: 'dos', in: 'query' }, description: 'Date of service, YYYY-MM-DD.' }),
  as_of: AsOfParam.openapi({ param: { name: 'as_of', in: 'query' }, description: 'Alias of dos.' }),
  npi: NpiParam,
  state: StateParam,
  modifier: ModifierParam,
  units: UnitsParam,
  zip: ZipParam,
  setting: SettingParam,
  claim_reference: z
    .string()
    .max(200)
    .regex(/^[\p{L}\p{N} ._:/#-]*$/u, 'letters, digits, spaces and . _ : / # - only')
    .optional()
    .openapi({
      param: { name: 'claim_reference', in: 'query' },
      description: 'Your claim or appeal reference, echoed in the exhibit.',
      // The generator would print the regex's `u` flag into the pattern; JSON Schema patterns are Unicode-aware.
      pattern: '^[\\p{L}\\p{N} ._:/#-]*$',
    }),
  format: z
    .enum(['json', 'html'])
    .optional()
    .openapi({
      param: { name: 'format', in: 'query' },
      description: '`html` renders a printable page of the same content.',
    }),
});

const Citation = z
  .object({
    kind: z.string(),
    statement: z.string().openapi({ description: 'The fact in one sentence, with its values.' }),
    values: z.record(z.string(), z.unknown()).openapi({ description: 'The values the statement is made of.' }),
    publisher: z.string(),
    source_title: z.string(),
    document_title: z.string(),
    doc_id: z.string(),
    version_id: z.number().int(),
    version_label: z.string().nullable(),
    effective_from: z.string().nullable(),
    effective_to: z.string().nullable(),
    as_of_rule: z.enum(['publisher_effective_window', 'first_observed']),
    sha256: z.string(),
    file_name: z.string(),
    row: z.string(),
    original_bytes_url: z.string().nullable().openapi({
      description:
        'Public, no API key: redirects to the archived original bytes (check their SHA-256). null when the source’s files are withheld under a third-party licence.',
    }),
    as_of_url: z.string().openapi({ description: 'Public: the version in force on the date of service and the rule.' }),
    withheld: z.string().nullable(),
  })
  .openapi('Citation');

const PerBlock = <T extends z.ZodType>(t: T) =>
  z.object({ standing: z.array(t), fee: z.array(t), edits: z.array(t), documentation: z.array(t) });

const AppealSchema = withAttestation(
  z.object({
    exhibit: z.literal('payment_appeal'),
    claim_reference: z.string().nullable(),
    hcpcs: z.string(),
    dos: z.string(),
    npi: z.string().nullable(),
    state: z.string().nullable(),
    contractors: z
      .array(z.object({ contractor_number: z.string().nullable(), name: z.string().nullable() }))
      .openapi({ description: 'The Medicare contractors the cited LCDs and articles name for the state.' }),
    warrant: WarrantBody,
    citations: PerBlock(Citation),
    gaps: PerBlock(z.string()),
    signing_key_url: z.string(),
    verification_steps: z.array(z.string()),
  }),
).openapi('AppealExhibit');

const route = createRoute({
  method: 'get',
  path: '/rules/warrant/appeal',
  tags: ['Warrant'],
  summary: 'An exhibit for a payment appeal',
  description:
    'The warrant for the date of service with a citation per held fact: what it says with its values (fee amounts and modifiers, MUE value and indicator, PTP modifier indicator, LCD id, title and group, the exclusion result), publisher, document, version label, effective window, sha256 and a public link to the archived original, plus the contractors named for the state and the steps a reviewer without an API key follows to verify it. JSON is signed; `format=html` renders a printable page of the same content showing the signing key id and time, with the signed JSON embedded verbatim so the saved page carries its own evidence. Paid entitlement.',
  request: { query: Query },
  responses: {
    200: {
      description: 'The exhibit.',
      content: {
        'application/json': { schema: AppealSchema },
        'text/html': { schema: z.string() },
      },
    },
    ...problemResponses(400, 401, 403, 429, 503),
  },
});

export function mountAppeal(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(route, async (c) => {
    const q = c.req.valid('query');
    const exhibit = await appealExhibit(deps, {
      hcpcs: q.hcpcs,
      asOf: dateOfService({ as_of: q.dos, dos: q.as_of }, ['dos', 'as_of']),
      npi: q.npi,
      state: q.state,
      claimReference: q.claim_reference,
      ...claimLineOf(q),
    });
    if (q.format === 'html') {
      const signed = await c.get('signer')?.sign(exhibit);
      return c.html(renderAppealHtml(exhibit, signed ?? null), 200);
    }
    return signedJson(c, exhibit, 200);
  });
}
