import { z } from '@hono/zod-openapi';
import { answerProvenanceFields, sortedOffsetPageFields } from '../catalog/answer-fields';
import { CatalogSourceVersionSchema, RowSourceSchema } from '../catalog/provenance';
import { NDC_READINGS, PricingFormulaRowSchema } from './price-list-rows';
import { NadacRateSchema } from './schemas';

const short = z.object({
  source_id: z.string(),
  doc_id: z.string(),
  version_id: z.number().int(),
  sha256: z.string(),
  publisher_version: z.string().nullable(),
});

/** The formula version an answer used, with the archived version of the curated table it was read from. */
export const PriceListFormulaSchema = PricingFormulaRowSchema.extend({ source: short }).openapi('PriceListFormula');
export type PriceListFormula = z.infer<typeof PriceListFormulaSchema>;

export const ImpliedCostSchema = z
  .object({
    per_unit: z.number().openapi({ description: 'unit_price ÷ (1 + markup_pct/100), dollars per unit, 5 decimals.' }),
    low: z.number().openapi({ description: 'The same from unit_price − $0.0005 (the published rounding).' }),
    high: z.number().openapi({ description: 'The same from unit_price + $0.0005.' }),
    formula_version: z.string(),
    markup_pct: z.number(),
  })
  .openapi('PriceListImpliedCost');

export const MATCH_METHODS = ['ndc11', 'ndc_padded_name_checked'] as const;
export const ACQUISITION_STATUSES = ['matched', 'not_priced', 'no_ndc', 'nadac_not_in_force'] as const;

export const AcquisitionCostSchema = z
  .object({
    status: z.enum(ACQUISITION_STATUSES).openapi({
      description:
        '`matched`: NADAC prices the matched NDC; `not_priced`: the NADAC file in force does not list it; `no_ndc`: no NDC to match (or a short one whose padded reading NADAC does not confirm); `nadac_not_in_force`: no NADAC file is in force (a gap).',
    }),
    match: z
      .object({
        method: z.enum(MATCH_METHODS).openapi({
          description:
            '`ndc11`: the listed 11-digit NDC (an identifier); `ndc_padded_name_checked`: a short listed NDC padded to 11 digits, accepted because NADAC describes the same drug by name.',
        }),
        ndc11: z.string(),
        confidence: z.number().openapi({ description: '1 for an identifier; below 1 for a reading checked by name.' }),
        detail: z.string(),
      })
      .nullable(),
    median_nadac_per_unit: z
      .number()
      .nullable()
      .openapi({ description: 'Median of the matched NADAC rates (one listed NDC: its rate).' }),
    rates: z.array(NadacRateSchema),
    units_comparable: z.boolean().openapi({
      description: 'true when unit_price and NADAC are both per each (a Pill product priced by NADAC in EA).',
    }),
    implied_minus_nadac: z.number().nullable().openapi({
      description: 'Implied acquisition cost minus the median NADAC, dollars per unit (comparable units only).',
    }),
    implied_vs_nadac_pct: z.number().nullable(),
  })
  .openapi('PriceListAcquisitionCost');

export const PriceListItemSchema = z
  .object({
    slug: z.string(),
    medication_name: z.string(),
    brand_name: z.string().nullable(),
    form: z.string(),
    strength: z.string(),
    pill_nonpill: z.string(),
    url: z.string().nullable(),
    ndc: z.object({
      as_published: z.string().nullable(),
      ndc11: z.string().nullable(),
      reading: z.enum(NDC_READINGS),
    }),
    unit_price: z.number().openapi({ description: 'Dollars, as published (see price_unit).' }),
    price_unit: z.enum(['each', 'as_named']).openapi({
      description:
        '`each`: per tablet or capsule (Pill); `as_named`: a Nonpill product, priced per the unit its slug names (an inhaler, a tube, a pack) or per each: not comparable with a per-gram or per-mL cost.',
    }),
    implied_acquisition_cost: ImpliedCostSchema.nullable().openapi({
      description: 'Null when no formula version covers the snapshot date.',
    }),
    acquisition_cost: AcquisitionCostSchema,
    source: RowSourceSchema,
    source_row: z.record(z.string(), z.unknown()),
  })
  .openapi('PriceListItem');
export type PriceListItem = z.infer<typeof PriceListItemSchema>;

const snapshot = z
  .object({
    version_id: z.number().int(),
    publisher_version: z.string().nullable(),
    from: z.string().openapi({ format: 'date', description: 'The day the snapshot was first observed.' }),
    products: z.number().int(),
  })
  .openapi('PriceListSnapshot');

export const PriceListPageSchema = z
  .object({
    items: z.array(PriceListItemSchema),
    total: z.number().int().openapi({ description: 'Products matching the filters in the snapshot.' }),
    ...sortedOffsetPageFields,
    snapshot,
    formula: PriceListFormulaSchema.nullable(),
    ...answerProvenanceFields,
  })
  .openapi('PriceListPage');
export type PriceListPage = z.infer<typeof PriceListPageSchema>;

export const PriceListPointSchema = z
  .object({
    change: z.enum(['added', 'changed', 'removed']),
    unit_price: z.number().nullable().openapi({ description: 'Null for `removed`.' }),
    previous_unit_price: z.number().nullable(),
    pct_change: z.number().nullable(),
    snapshot_from: z.string().openapi({ format: 'date', description: 'The snapshot that first showed the point.' }),
    source: short,
  })
  .openapi('PriceListPoint');

export const PriceListProductSchema = z
  .object({
    slug: z.string(),
    listed: z.boolean().openapi({ description: 'Whether the snapshot in force lists the product.' }),
    product: PriceListItemSchema.nullable().openapi({
      description: 'Null when the snapshot in force does not list it.',
    }),
    history: z.array(PriceListPointSchema).openapi({
      description:
        'Change-only, oldest first: one point per snapshot where the unit price changed, or it entered or left the listing.',
    }),
    limit: z.number().int(),
    next_cursor: z.string().nullable(),
    snapshots: z.number().int().openapi({ description: 'Loaded snapshots the history runs over.' }),
    snapshot,
    formula: PriceListFormulaSchema.nullable(),
    sources: z.array(CatalogSourceVersionSchema),
    gaps: answerProvenanceFields.gaps,
    as_of: answerProvenanceFields.as_of,
    methodology_note: answerProvenanceFields.methodology_note,
  })
  .openapi('PriceListProduct');
export type PriceListProduct = z.infer<typeof PriceListProductSchema>;
