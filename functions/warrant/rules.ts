import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../shared/deps';
import type { createRouter } from '../../shared/http/app';
import { ValidationError } from '../../shared/http/errors';
import { jsonResponse, problemResponses } from '../../shared/http/schemas';
import { dmeposFee, ncciMue, ncciPtp } from '../../shared/warrant/rule-reads';
import { BlockSchema } from '../../shared/warrant/schema';
import {
  AsOfParam,
  CodeParam,
  DosParam,
  dateOfService,
  HcpcsParam,
  ModifierParam,
  PtpSettingParam,
  SettingParam,
  StateParam,
  UnitsParam,
  ZipParam,
} from './params';

const RuleAnswer = z
  .object({
    meta: z.object({ as_of: z.string(), source_id: z.string() }),
    query: z.record(z.string(), z.string().nullable()),
    result: BlockSchema,
  })
  .openapi('RuleAnswer');

const common = { as_of: AsOfParam, dos: DosParam };
const DESCRIPTION_TAIL =
  ' `dos` is an alias of `as_of`. The answer holds the fact(s) with receipts to the archived file and row, or a gap with its reason. Free with any API key (current-state rule reads).';

const fee = createRoute({
  method: 'get',
  path: '/rules/dmepos/fee',
  tags: ['Rules'],
  summary: 'DMEPOS fee-schedule cell for a code, state and date',
  description: `The non-rural and rural fee for the code in the state from the DMEPOS (or PEN) fee schedule in force, per modifier row, with ceiling and floor. A published 0.00 is never a fee: it is listed under \`not_applicable\` with its reason. \`modifier\` (at most two) selects the row whose modifiers the claim line carries; \`zip\` selects the rural or non-rural column by the DMEPOS rural ZIP file in force (related receipt). A state the schedule has no column for is a gap; a \`fee_moot\` fact says when the code's HCPCS record (terminated, not payable) makes the fee moot.${DESCRIPTION_TAIL}`,
  request: {
    query: z.object({
      hcpcs: HcpcsParam,
      state: StateParam.unwrap().openapi({
        param: { name: 'state', in: 'query' },
        description: 'Two-letter state (required).',
        example: 'NY',
      }),
      modifier: ModifierParam,
      zip: ZipParam,
      ...common,
    }),
  },
  responses: { 200: jsonResponse(RuleAnswer, 'The fee cell(s) or a gap.'), ...problemResponses(400, 401, 429, 503) },
});

const mue = createRoute({
  method: 'get',
  path: '/rules/ncci/mue',
  tags: ['Rules'],
  summary: 'MUE unit cap for a code and date',
  description: `The Medically Unlikely Edit value, adjudication indicator and rationale in force, for one setting or all three; a setting whose table is not in force on the date is a gap, never "no MUE". With \`units\`, each MUE says whether they exceed its value and what its adjudication indicator means.${DESCRIPTION_TAIL}`,
  request: {
    query: z.object({
      hcpcs: HcpcsParam,
      setting: SettingParam,
      units: UnitsParam,
      ...common,
    }),
  },
  responses: { 200: jsonResponse(RuleAnswer, 'The MUE(s) or a gap.'), ...problemResponses(400, 401, 429, 503) },
});

const ptp = createRoute({
  method: 'get',
  path: '/rules/ncci/ptp',
  tags: ['Rules'],
  summary: 'PTP code-pair edit in force on a date',
  description: `The procedure-to-procedure edit for column1/column2 (order matters) in force on the date, in the practitioner or hospital table (\`setting\`) or both: effective and deletion dates, modifier indicator, rationale and the table's setting. An edit with modifier indicator 9 ("not applicable") never applies; an edit applies before its deletion date and not after it, and the deletion date itself is a gap (CMS does not state it). A setting with no table in force is a gap.${DESCRIPTION_TAIL}`,
  request: {
    query: z.object({
      column1: CodeParam('column1', 'Column 1 code.'),
      column2: CodeParam('column2', 'Column 2 code.', 'E0561'),
      setting: PtpSettingParam,
      ...common,
    }),
  },
  responses: { 200: jsonResponse(RuleAnswer, 'The edit or a gap.'), ...problemResponses(400, 401, 429, 503) },
});

export function mountRuleReads(router: ReturnType<typeof createRouter>, deps: Deps): void {
  router.openapi(fee, async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await dmeposFee(deps, {
        hcpcs: q.hcpcs,
        state: q.state,
        modifiers: q.modifier,
        zip: q.zip,
        asOf: dateOfService(q),
      }),
      200,
    );
  });
  router.openapi(mue, async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await ncciMue(deps, { hcpcs: q.hcpcs, setting: q.setting, units: q.units, asOf: dateOfService(q) }),
      200,
    );
  });
  router.openapi(ptp, async (c) => {
    const q = c.req.valid('query');
    if (q.column1 === q.column2) throw ValidationError.single('query', 'column2', 'must differ from column1', 'same');
    return c.json(
      await ncciPtp(deps, { column1: q.column1, column2: q.column2, setting: q.setting, asOf: dateOfService(q) }),
      200,
    );
  });
}
