import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { ListingRowSourceSchema } from '../catalog/query';

/** How one link of a joined answer was made (../shared/CATALOG.md "Several sources"). */
export const JoinLinkSchema = z
  .object({
    method: z.string().openapi({ description: 'The rule that made the link (see `methodology_note`).' }),
    matched_text: z.string().nullable().openapi({ description: 'What matched: the identifier or the words.' }),
    confidence: z.number().nullable().openapi({
      description:
        '1 for an identifier or a publisher-stated link; below 1 for a name match; null when nothing linked.',
    }),
  })
  .openapi('JoinLink');
export type JoinLink = z.infer<typeof JoinLinkSchema>;

/** One crosswalk row an NDC search went through. */
export const AspNdcMatchSchema = z
  .object({
    ndc11: z.string(),
    ndc: z.string().openapi({ description: 'The NDC as the crosswalk publishes it (`NDC2`).' }),
    drug_name: z.string().nullable(),
    labeler_name: z.string().nullable(),
    pkg_size: z.number().nullable(),
    pkg_qty: z.number().nullable(),
    bill_units_pkg: z.number().nullable().openapi({ description: 'Billing units per package (`BILLUNITSPKG`).' }),
    source: RowSourceSchema,
  })
  .openapi('AspNdcMatch');

export const AspLimitItemSchema = z
  .object({
    hcpcs: z.string(),
    short_description: z.string().nullable().openapi({
      description: 'CMS short descriptor; null for CPT-shaped codes (AMA-licensed descriptors are not served).',
    }),
    dosage: z.string().nullable().openapi({ description: 'The billing unit the limit is per (`HCPCS Code Dosage`).' }),
    payment_limit: z
      .number()
      .nullable()
      .openapi({ description: 'Dollars per billing unit; null where CMS publishes N/A.' }),
    coinsurance_pct: z.number().nullable(),
    notes: z.string().nullable(),
    quarter: z.string(),
    effective_from: z.string().nullable().openapi({ format: 'date' }),
    effective_to: z.string().nullable().openapi({ format: 'date' }),
    ndc_matches: z
      .array(AspNdcMatchSchema)
      .openapi({ description: 'With `ndc`: the crosswalk rows that linked the NDC to this code; else empty.' }),
    source: ListingRowSourceSchema,
  })
  .openapi('AspLimitItem');
export type AspLimitItem = z.infer<typeof AspLimitItemSchema>;

export const AspSearchSchema = z
  .object({
    items: z.array(AspLimitItemSchema),
    total: z.number().int().openapi({ description: 'Codes matching the whole query.' }),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
    order: z.literal('hcpcs').openapi({ description: 'HCPCS code, ascending (unique within a quarter).' }),
    quarter: z.string().nullable().openapi({ description: 'The quarter of the payment-limit file in force.' }),
    ndc: z
      .object({
        input: z.string(),
        form: z.string().openapi({ description: '11-digit, 4-4-2, 5-3-2, 5-4-1, 5-4-2, or ambiguous-10-digit.' }),
        candidates: z
          .array(z.string())
          .openapi({ description: 'The ndc11 readings searched (three for an unhyphenated 10-digit NDC).' }),
        matched: z.array(z.string()).openapi({ description: 'The readings the crosswalk in force lists.' }),
        crosswalk_quarter: z.string().nullable(),
      })
      .nullable()
      .openapi({ description: 'With `ndc`: how it was read and matched through the NDC-HCPCS crosswalk.' }),
    ...answerProvenanceFields,
  })
  .openapi('AspSearch');
export type AspSearch = z.infer<typeof AspSearchSchema>;
