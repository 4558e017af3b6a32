import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { AspLimitItemSchema, JoinLinkSchema } from './asp-schemas';

export const BiologicProductSchema = z
  .object({
    product_number: z.string().nullable(),
    bla_type: z.string().nullable().openapi({ description: '`BLA Type` as published.' }),
    strength: z.string().nullable(),
    dosage_form: z.string().nullable(),
    route: z.string().nullable(),
    product_presentation: z.string().nullable(),
    marketing_status: z.string().nullable(),
    licensure: z.string().nullable(),
    approval_date: z.string().nullable().openapi({ format: 'date' }),
    source: RowSourceSchema,
  })
  .openapi('BiologicProduct');

export const ReferenceProductSchema = z
  .object({
    bla_number: z
      .string()
      .nullable()
      .openapi({ description: 'Null when the stated reference product is not among the 351(a) rows in force.' }),
    proprietary_name: z.string().nullable(),
    proper_name: z.string().nullable(),
    applicant: z.string().nullable(),
    date_of_first_licensure: z.string().nullable().openapi({ format: 'date' }),
    ref_product_exclusivity_exp_date: z.string().nullable().openapi({ format: 'date' }),
    link: JoinLinkSchema,
    products: z.array(BiologicProductSchema),
  })
  .openapi('ReferenceProduct');

export const AspLinkSchema = z
  .object({
    status: z.enum(['linked', 'ambiguous', 'not_found', 'source_not_loaded']).openapi({
      description:
        '`linked`: one code; `ambiguous`: several codes matched equally (all listed, none chosen); `not_found`: no descriptor in the quarter in force names it; `source_not_loaded`: no ASP file in force (see gaps).',
    }),
    quarter: z.string().nullable(),
    codes: z.array(
      AspLimitItemSchema.omit({ ndc_matches: true }).extend({ link: JoinLinkSchema }).openapi('AspLinkedCode'),
    ),
  })
  .openapi('AspLink');
export type AspLink = z.infer<typeof AspLinkSchema>;

/**
 * The cheapest price-list product of the same molecule in the snapshot in force (`linked`, a name
 * match), `not_found` when no product names the molecule, `source_not_loaded` when no snapshot is
 * in force (a gap in the answer).
 */
export const PriceListLinkSchema = z
  .object({
    status: z.enum(['linked', 'not_found', 'source_not_loaded']),
    source_id: z.string(),
    molecule: z.string().nullable().openapi({ description: 'The molecule the join matches price-list products on.' }),
    reason: z.string().nullable(),
    product: z
      .object({
        slug: z.string(),
        name: z.string(),
        unit_price: z.number().openapi({ description: 'Dollars per unit.' }),
        link: JoinLinkSchema,
        source: RowSourceSchema,
      })
      .nullable(),
  })
  .openapi('PriceListLink');
export type PriceListLink = z.infer<typeof PriceListLinkSchema>;

export const BiosimilarSchema = z
  .object({
    bla_number: z.string(),
    proprietary_name: z.string().nullable(),
    proper_name: z.string().nullable(),
    molecule: z.string().nullable().openapi({ description: 'The proper name without its four-letter suffix.' }),
    suffix: z.string().nullable(),
    applicant: z.string().nullable(),
    interchangeable: z
      .boolean()
      .openapi({ description: 'True when any of its products is licensed as `351(k) Interchangeable`.' }),
    first_interchangeable_exclusivity_exp_date: z.string().nullable().openapi({ format: 'date' }),
    approval_date: z
      .string()
      .nullable()
      .openapi({ format: 'date', description: 'Earliest approval date of its products.' }),
    products: z.array(BiologicProductSchema),
    reference_product: ReferenceProductSchema,
    /** The reference product’s ASP payment limit(s) in force. */
    reference_asp: AspLinkSchema,
    /** The biosimilar’s own ASP code(s) in force, when it has one. */
    biosimilar_asp: AspLinkSchema,
    cheapest_price_list_product: PriceListLinkSchema,
  })
  .openapi('Biosimilar');
export type Biosimilar = z.infer<typeof BiosimilarSchema>;

export const BiosimilarsSchema = z
  .object({
    items: z.array(BiosimilarSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
    order: z.literal('molecule, proper_name, bla_number'),
    ...answerProvenanceFields,
  })
  .openapi('Biosimilars');
export type Biosimilars = z.infer<typeof BiosimilarsSchema>;
