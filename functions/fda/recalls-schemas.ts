import { z } from '@hono/zod-openapi';
import { parseNdc } from '../../shared/codes/ndc';
import { DateString } from '../../shared/http/schemas';
import { RECALL_CLASSES, RECALL_STATUSES } from '../../shared/rx/recall-rows';
import { offsetPaging, containsText as text } from './query-params';

/** An NDC in any common form, as ndc11; an unhyphenated 10-digit code is ambiguous (a 400 naming its readings). */
export const NdcQueryParam = z.string().transform((s, ctx) => {
  const p = parseNdc(s);
  if (p.kind === 'ndc11') return p.ndc11;
  ctx.addIssue({
    code: 'custom',
    message:
      p.kind === 'ambiguous'
        ? `a 10-digit NDC without hyphens is ambiguous (${p.candidates.join(', ')}); give the hyphenated form or the 11 digits`
        : p.reason,
  });
  return z.NEVER;
});

export const RecallsQuery = z
  .object({
    ndc: NdcQueryParam.optional().openapi({
      description:
        'Reports that carry this NDC, structured (openfda.package_ndc) or printed in product_description; any common form (4-4-2, 5-3-2, 5-4-1 hyphenated, or 11 digits), matched as ndc11.',
      example: '65862-070-30',
    }),
    ingredient: text(
      'Ingredient: openfda.substance_name or generic_name; for a report openFDA linked to no label, its product description.',
      'veloxitran',
    ),
    firm: text('Recalling firm (recalling_firm).', 'northfield'),
    classification: z
      .enum(RECALL_CLASSES)
      .optional()
      .openapi({ description: 'Hazard class: `Class I`, `Class II` or `Class III`.', example: 'Class I' }),
    status: z
      .enum(RECALL_STATUSES)
      .optional()
      .openapi({ description: 'Recall status: `Ongoing`, `Completed` or `Terminated`.' }),
    report_from: DateString.optional().openapi({ description: 'Earliest report date kept (YYYY-MM-DD, inclusive).' }),
    report_to: DateString.optional().openapi({ description: 'Latest report date kept (YYYY-MM-DD, inclusive).' }),
    sort: z.enum(['report_date', 'recall_number']).default('report_date').openapi({
      description:
        '`report_date` (default): newest report first, ties by recall number, event id and place in the file (unique); `recall_number`: by recall number ascending, then event id and place in the file.',
    }),
    ...offsetPaging('Reports'),
    as_of: DateString.optional().openapi({
      param: { name: 'as_of', in: 'query' },
      example: '2026-11-10',
      description:
        'Answer from the enforcement file in force on this date (YYYY-MM-DD; a download is in force from the day it was archived until the next); default today.',
    }),
  })
  .superRefine((q, ctx) => {
    if (q.report_from && q.report_to && q.report_from > q.report_to)
      ctx.addIssue({ code: 'custom', path: ['report_from'], message: 'is after report_to: the window is empty' });
  });
