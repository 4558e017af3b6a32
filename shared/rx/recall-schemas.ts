import { z } from '@hono/zod-openapi';
import { answerProvenanceFields, sortedOffsetPageFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { RecallRowSchema } from './recall-rows';

export const NDC_MATCH_METHODS = ['structured', 'text', 'both'] as const;
export type NdcMatchMethod = (typeof NDC_MATCH_METHODS)[number];

export const RecallIngredientLinkSchema = z
  .object({
    status: z.enum(['linked', 'not_found', 'source_not_loaded']).openapi({
      description:
        '`linked`: RxNorm ingredients of the NDCs the report carries; `not_found`: none of them is in the RxNorm release in force (or the report carries none); `source_not_loaded`: no RxNorm release in force (a gap).',
    }),
    source_id: z.string(),
    method: z
      .string()
      .openapi({ description: 'How the link is made: by identifier (NDC → RxNorm drug → ingredient).' }),
    ingredients: z.array(
      z.object({
        rxcui: z.string(),
        tty: z.string(),
        name: z.string(),
        via_ndc11s: z.array(z.string()).openapi({ description: "The report's NDCs that lead to it." }),
      }),
    ),
  })
  .openapi('RecallIngredientLink');

export const RecallSchema = RecallRowSchema.extend({
  ndc11s: z.array(z.string()).openapi({
    description: 'Every NDC the report carries, structured or printed, as ndc11, sorted.',
  }),
  match: z
    .object({
      ndc_method: z.enum(NDC_MATCH_METHODS).nullable().openapi({
        description:
          'How the report matched `ndc`: `structured` (openfda.package_ndc only), `text` (printed in product_description only) or `both`; null without `ndc`.',
      }),
      ingredient_via: z.enum(['openfda', 'product_description']).nullable().openapi({
        description:
          'How the report matched `ingredient`: openfda.substance_name or generic_name, or (a report openFDA linked to no label) the product description; null without `ingredient`.',
      }),
    })
    .openapi('RecallMatch'),
  ingredients: RecallIngredientLinkSchema,
  source: RowSourceSchema,
}).openapi('Recall');
export type Recall = z.infer<typeof RecallSchema>;

export const RecallMatchStatsSchema = z
  .object({
    matched: z.number().int().openapi({ description: 'Reports matching every filter (the same as `total`).' }),
    ndc: z.string().nullable().openapi({ description: 'The `ndc` asked, as ndc11; null without it.' }),
    by_method: z
      .object({ structured: z.number().int(), text: z.number().int(), both: z.number().int() })
      .nullable()
      .openapi({
        description:
          'With `ndc`: matched reports by method (structured only, text only, both; they add up to `matched`). Null without `ndc`.',
      }),
    ingredient_via: z
      .object({ openfda: z.number().int(), product_description: z.number().int() })
      .nullable()
      .openapi({ description: 'With `ingredient`: matched reports by how the ingredient matched. Null without it.' }),
    text_unresolved: z.number().int().openapi({
      description:
        'Matched reports whose description prints an unhyphenated 10-digit code (ambiguous: never matched by `ndc`).',
    }),
  })
  .openapi('RecallMatchStats');

export const RecallListSchema = z
  .object({
    items: z.array(RecallSchema),
    total: z.number().int().openapi({ description: 'Reports matching the filters in the file in force.' }),
    match_stats: RecallMatchStatsSchema,
    ...sortedOffsetPageFields,
    ...answerProvenanceFields,
  })
  .openapi('RecallList');
export type RecallList = z.infer<typeof RecallListSchema>;
