import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { ListingRowSourceSchema } from '../catalog/query';
import { AcquisitionCostSchema } from './ingredient-schemas';

export const MEPS_SEGMENT_PARAMS = [
  'all',
  'private_under_65',
  'public_only_under_65',
  'uninsured_under_65',
  'age_65_plus',
  'not_classified',
  'not_linked',
] as const;
export type MepsSegmentParam = (typeof MEPS_SEGMENT_PARAMS)[number];

const weighted = (d: string) =>
  z
    .number()
    .nullable()
    .openapi({ description: `${d} Null when withheld (\`suppressed\`).` });

export const MepsGenericCostSchema = z
  .object({
    status: z.enum(['matched', 'no_ingredient_of_that_name', 'not_in_force']).openapi({
      description:
        '`matched`: an RxNorm ingredient (IN) has exactly the drug name; `no_ingredient_of_that_name`: none has (combinations, salts named otherwise); `not_in_force`: RxNorm or NADAC has no version in force on `as_of` (a gap names it).',
    }),
    rxcui: z.string().nullable(),
    by_pricing_unit: z.array(AcquisitionCostSchema),
    ndc_count: z.number().int().openapi({ description: 'Generic NDCs priced in the weekly NADAC file in force.' }),
    weekly_file: z.string().nullable().openapi({ description: 'As-of date of the NADAC file read.' }),
  })
  .openapi('MepsGenericCost');

export const MepsMixItemSchema = z
  .object({
    drug: z.string().openapi({ description: 'Multum generic name as AHRQ published it (RXDRGNAM, upper case).' }),
    suppressed: z
      .boolean()
      .openapi({ description: 'Fewer than 60 sample persons: every estimate of the row is withheld.' }),
    sample_persons: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Unweighted persons with a fill (null when withheld).' }),
    weighted_persons: weighted('Estimated persons with at least one acquisition.'),
    weighted_fills: weighted('Estimated acquisitions (purchases, refills included).'),
    share_of_fills_pct: weighted("Percent of the segment's estimated acquisitions."),
    weighted_expenditure: weighted('Estimated total payments, all sources, in dollars of the data year.'),
    expenditure_per_fill: weighted('Weighted expenditure over weighted acquisitions, dollars.'),
    weighted_out_of_pocket: weighted('Estimated self or family payments, dollars.'),
    median_generic_acquisition_cost: MepsGenericCostSchema,
    source: ListingRowSourceSchema,
  })
  .openapi('MepsMixItem');

export const MepsMixAnswerSchema = z
  .object({
    data_year: z.number().int(),
    segment: z.enum(MEPS_SEGMENT_PARAMS),
    data_years: z.array(z.number().int()).openapi({ description: 'The data years loaded and released by `as_of`.' }),
    totals: z
      .object({
        sample_persons: z.number().int(),
        weighted_persons: z.number(),
        weighted_fills: z.number(),
        weighted_expenditure: z.number(),
      })
      .nullable()
      .openapi({ description: 'The segment in the year, every drug: the denominators of the shares.' }),
    items: z.array(MepsMixItemSchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
    order: z.string(),
    ...answerProvenanceFields,
  })
  .openapi('MepsMixAnswer');
export type MepsMixAnswer = z.infer<typeof MepsMixAnswerSchema>;
