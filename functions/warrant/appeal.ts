import { createRoute, z } from '@hono/zod-openapi';
import { withAttestation } from '../../shared/attestation/schemas';
import { signedJson } from '../../shared/attestation/signed-json';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { problemResponses } from '../../shared/http/schemas';
import { appealExhibit } from '../../shared/warrant/appeal';
import { renderAppealHtml } from './appeal-html';
import { AsOfParam, DosParam, dateOfService, HcpcsParam, NpiParam, StateParam } from './params';
import { WarrantBody } from './schemas';

const Query = z.object({
  hcpcs: HcpcsParam,
  dos: DosParam.openapi({ param: { name: 'dos', in: 'query' }, description: 'Date of service, YYYY-MM-DD.' }),
  as_of: AsOfParam.openapi({ param: { name: 'as_of', in: 'query' }, description: 'Alias of dos.' }),
  npi: NpiParam,
  state: StateParam,
  claim_reference: z
    .string()
    .max(200)
    .regex(/^[\p{L}\p{N} ._:/#-]*$/u, 'letters, digits, spaces and . _ : / # - only')
    .optional()
    .openapi({
      param: { name: 'claim_reference', in: 'query' },
      description: 'Your claim or appeal reference, echoed in the exhibit.',
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
    publisher: z.string(),
    source_title: z.string(),
    document_title: z.string(),
    doc_id: z.string(),
    version_id: z.number().int(),
    version_label: z.string().nullable(),
    effective_from: z.string().nullable(),
    effective_to: z.string().nullable(),
    sha256: z.string(),
    file_name: z.string(),
    row: z.string(),
    archived_original_url: z.string(),
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
    warrant: WarrantBody,
    citations: PerBlock(Citation),
    gaps: PerBlock(z.string()),
    verification_steps: z.array(z.string()),
  }),
).openapi('AppealExhibit');

const route = createRoute({
  method: 'get',
  path: '/rules/warrant/appeal',
  tags: ['Warrant'],
  summary: 'An exhibit for a payment appeal',
  description:
    'The warrant for the date of service with a citation per held fact (publisher, document title, version label, effective window, sha256, the archived original) and the steps to verify it. JSON is signed; `format=html` renders a printable page of the same content (the page itself is not signed: keep the JSON as the evidence). Paid entitlement.',
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
    });
    if (q.format === 'html') return c.html(renderAppealHtml(exhibit), 200);
    return signedJson(c, exhibit, 200);
  });
}
