import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { INGREDIENT_TTYS } from './rxnorm-rows';
import { SHORTAGE_STATUSES } from './shortage-rows';
import { SpendingReleaseSchema } from './spending-schemas';

/**
 * A block whose source is not joined yet (issue 18: spending, price-list matches and shortages are
 * built in other branches). The shape names the source and the join that will fill it, so a later
 * answer can replace `status: 'pending'` by the joined data without changing the other fields.
 */
export const PendingBlockSchema = z
  .object({
    status: z.enum(['pending']),
    source_id: z.string().openapi({ description: 'The source that will fill the block.' }),
    reason: z.string(),
    join: z.string().openapi({ description: 'How the block will be linked to the ingredient (by identifier).' }),
  })
  .openapi('RxPendingBlock');
export type PendingBlock = z.infer<typeof PendingBlockSchema>;

export const IngredientNdcCountsSchema = z
  .object({
    total: z.number().int().nullable().openapi({
      description:
        'Distinct NDCs RxNorm (RXNSAT) attaches to the drugs of this ingredient in the release in force; null when RXNSAT or RXNREL has no version in force (see gaps).',
    }),
    active: z.number().int().nullable().openapi({
      description:
        'Of those, how many are `active` by the /rx/ndcs/{ndc11} rule (listed in the FDA NDC Directory in force, not excluded, no end-marketing date passed); null when no directory version is in force (a gap).',
    }),
    not_active: z.number().int().nullable().openapi({
      description: 'total − active: obsolete by the directory or not listed by it (unknown to it).',
    }),
    drugs: z.number().int().nullable().openapi({
      description: 'Drug concepts (SCD, SBD, GPCK, BPCK) of the ingredient in RXNREL, with or without an NDC.',
    }),
  })
  .openapi('RxIngredientNdcCounts');

export const AcquisitionCostSchema = z
  .object({
    pricing_unit: z
      .string()
      .nullable()
      .openapi({ description: 'NADAC pricing unit: EA, ML or GM. Units are never pooled.' }),
    median_nadac_per_unit: z.number().openapi({ description: 'Median NADAC per unit, dollars per `pricing_unit`.' }),
    min_nadac_per_unit: z.number(),
    max_nadac_per_unit: z.number(),
    ndc_count: z.number().int().openapi({ description: 'Generic NDCs of this unit the median is taken over.' }),
  })
  .openapi('RxAcquisitionCost');

export const GenericAcquisitionCostSchema = z
  .object({
    by_pricing_unit: z.array(AcquisitionCostSchema).openapi({
      description:
        'One median per pricing unit (most NDCs first, ties by unit): an ingredient sold as tablets (EA) and solution (ML) has two.',
    }),
    ndc_count: z.number().int().openapi({ description: 'Generic NDCs priced in the weekly file in force, all units.' }),
    weekly_file: z.string().nullable().openapi({ format: 'date', description: 'As-of date of the NADAC file read.' }),
  })
  .openapi('RxGenericAcquisitionCost');

const JoinStatus = z.enum(['joined', 'not_in_force']).openapi({
  description:
    '`joined`: the source has a version in force on `as_of` and the block lists what matched (possibly nothing); `not_in_force`: no version in force (the gap is in `gaps`), nothing is said.',
});

export const IngredientSpendingSchema = z
  .object({
    status: JoinStatus,
    join: z.string(),
    generic_name_searched: z.string(),
    totals: z
      .array(
        z.object({
          program: z.string(),
          year: z.number().int(),
          total_spending: z
            .number()
            .openapi({ description: 'Dollars, summed over the matched brands (gross of rebates).' }),
          brands: z.number().int(),
        }),
      )
      .openapi({ description: 'Per program and data year, over the brands whose CMS generic name matched.' }),
    brand_names: z.array(z.string()).openapi({ description: 'The brands (and their CMS generic names) matched.' }),
    releases: z.array(SpendingReleaseSchema),
  })
  .openapi('RxIngredientSpending');

export const IngredientPriceListSchema = z
  .object({
    status: JoinStatus,
    source_id: z.string(),
    join: z.string(),
    matches: z.array(
      z.object({
        slug: z.string(),
        medication_name: z.string(),
        strength: z.string(),
        form: z.string(),
        unit_price: z.number(),
        ndc11: z.string().nullable(),
        method: z.enum(['ndc11', 'name_words']),
        confidence: z.number(),
        source: RowSourceSchema,
      }),
    ),
    truncated: z
      .boolean()
      .openapi({ description: 'More products matched than listed (at most 20, NDC matches first).' }),
  })
  .openapi('RxIngredientPriceList');

export const IngredientShortagesSchema = z
  .object({
    status: JoinStatus,
    source_id: z.string(),
    join: z.string(),
    shortages: z.array(
      z.object({
        shortage_id: z.string(),
        generic_name: z.string(),
        status: z.enum(SHORTAGE_STATUSES),
        method: z.enum(['ndc11', 'name_words']).openapi({
          description:
            '`ndc11`: a presentation prints one of the ingredient’s NDCs (confidence 1); `name_words`: every word of the ingredient’s name is a word of the shortage’s generic name (0.7).',
        }),
        confidence: z.number(),
        matched_ndc11s: z.array(z.string()),
      }),
    ),
  })
  .openapi('RxIngredientShortages');

export const IngredientSchema = z
  .object({
    rxcui: z.string(),
    name: z.string(),
    tty: z
      .enum(INGREDIENT_TTYS)
      .openapi({ description: 'IN ingredient, PIN precise ingredient, MIN multiple ingredients.' }),
    suppress: z.string().nullable(),
    ndc_counts: IngredientNdcCountsSchema,
    generic_acquisition_cost: GenericAcquisitionCostSchema.nullable().openapi({
      description:
        'Median NADAC per unit of the ingredient’s generic NDCs (Classification for Rate Setting G) in the weekly file in force, per pricing unit; null when no NADAC file is in force (a gap). An empty `by_pricing_unit` means no generic NDC of the ingredient is priced.',
    }),
    spending: IngredientSpendingSchema,
    price_list: IngredientPriceListSchema,
    shortages: IngredientShortagesSchema,
  })
  .openapi('RxIngredient');
export type Ingredient = z.infer<typeof IngredientSchema>;

export const IngredientDetailSchema = IngredientSchema.extend({
  synonyms: z.array(z.object({ tty: z.string(), str: z.string() })).openapi({
    description: 'Other RxNorm names of the concept (SY, TMSY, PSN rows).',
  }),
  ndcs: z
    .array(
      z.object({
        ndc11: z.string(),
        drug_rxcui: z.string(),
        drug_tty: z.string().nullable(),
        drug_name: z.string().nullable(),
        status: z.enum(['active', 'obsolete', 'unknown']).nullable().openapi({
          description: 'By the /rx/ndcs/{ndc11} rule; null when no FDA NDC Directory version is in force.',
        }),
        nadac_per_unit: z.number().nullable(),
        pricing_unit: z.string().nullable(),
        classification_for_rate_setting: z.string().nullable(),
      }),
    )
    .openapi({ description: 'The NDCs counted, by ndc11 (first `ndc_limit`).' }),
  ndcs_truncated: z.boolean(),
  ...answerProvenanceFields,
}).openapi('RxIngredientDetail');
export type IngredientDetail = z.infer<typeof IngredientDetailSchema>;

export const IngredientListSchema = z
  .object({
    items: z.array(IngredientSchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
    order: z.string().openapi({ description: 'The order of the items.' }),
    ...answerProvenanceFields,
  })
  .openapi('RxIngredientList');
export type IngredientList = z.infer<typeof IngredientListSchema>;

/** The RxNorm link of an NDC (added to /rx/ndcs/{ndc11} when nlm_rxnorm is in force). */
export const NdcRxnormSchema = z
  .object({
    drugs: z.array(z.object({ rxcui: z.string(), tty: z.string().nullable(), name: z.string().nullable() })),
    ingredients: z.array(
      z.object({ rxcui: z.string(), tty: z.enum(INGREDIENT_TTYS), name: z.string(), via: z.string() }),
    ),
    release: z.string().nullable().openapi({ description: 'The RxNorm release read (its publisher version).' }),
  })
  .openapi('NdcRxnormLink');
export type NdcRxnorm = z.infer<typeof NdcRxnormSchema>;
