import { z } from '@hono/zod-openapi';
import { answerProvenanceFields, sortedOffsetPageFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { SHORTAGE_STATUSES } from './shortage-rows';

const Status = z.enum(SHORTAGE_STATUSES);

export const ShortagePresentationSchema = z
  .object({
    presentation: z.string().nullable(),
    company_name: z.string().nullable(),
    contact_info: z.string().nullable(),
    ndc11s: z.array(z.string()),
    ndc_unresolved: z.array(z.string()),
    status: Status,
    status_published: z.string().nullable(),
    type_of_update: z.string().nullable().openapi({ description: '`New`, `Revised` or `Reverified`, as published.' }),
    date_of_update: z.string().nullable().openapi({ format: 'date' }),
    availability_information: z.string().nullable(),
    related_information: z.string().nullable(),
    resolved_note: z.string().nullable(),
    reason_for_shortage: z.string().nullable(),
    change_date: z.string().nullable().openapi({ format: 'date' }),
    date_discontinued: z.string().nullable().openapi({ format: 'date' }),
    source: RowSourceSchema,
  })
  .openapi('ShortagePresentation');

export const ShortageIngredientLinkSchema = z
  .object({
    status: z.enum(['linked', 'not_found', 'source_not_loaded']).openapi({
      description:
        '`linked`: RxNorm ingredients of the NDCs the presentations print; `not_found`: none of those NDCs is in the RxNorm release in force (or none is printed); `source_not_loaded`: no RxNorm release in force (a gap).',
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
        via_ndc11s: z.array(z.string()).openapi({ description: 'The shortage NDCs that lead to it.' }),
      }),
    ),
  })
  .openapi('ShortageIngredientLink');

export const ShortageSchema = z
  .object({
    shortage_id: z.string().openapi({
      description:
        'The generic name FDA lists the shortage under, in lower case with other characters made hyphens; stable while FDA keeps the name.',
      example: 'amoxicillin-oral-powder-for-suspension',
    }),
    generic_name: z.string(),
    status: Status.openapi({
      description:
        "The shortage's status: its presentations' status when they agree, else the most pressing of theirs (current, to_be_discontinued, discontinued, resolved, other); `status_counts` gives them all.",
    }),
    status_counts: z.record(z.string(), z.number().int()),
    therapeutic_categories: z.array(z.string()),
    reasons: z.array(z.string()).openapi({ description: 'The distinct reasons its presentations give.' }),
    companies: z.array(z.string()),
    initial_posting_date: z.string().nullable().openapi({ format: 'date' }),
    last_updated: z
      .string()
      .nullable()
      .openapi({ format: 'date', description: 'The latest `Date of Update` of its presentations.' }),
    date_discontinued: z.string().nullable().openapi({ format: 'date' }),
    ndc11s: z.array(z.string()).openapi({ description: 'Every NDC its presentations print, as ndc11, sorted.' }),
    ndc_unresolved: z.array(z.string()),
    ingredients: ShortageIngredientLinkSchema,
    presentations: z.array(ShortagePresentationSchema),
  })
  .openapi('Shortage');
export type Shortage = z.infer<typeof ShortageSchema>;

export const ShortageListSchema = z
  .object({
    items: z.array(ShortageSchema),
    total: z.number().int().openapi({ description: 'Shortages matching the filters in the export in force.' }),
    status_counts: z
      .record(z.string(), z.number().int())
      .openapi({ description: 'Shortages matching the filters other than `status`, by status.' }),
    ...sortedOffsetPageFields,
    ...answerProvenanceFields,
  })
  .openapi('ShortageList');
export type ShortageList = z.infer<typeof ShortageListSchema>;
