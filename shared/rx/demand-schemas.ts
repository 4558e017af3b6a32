import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { ListingRowSourceSchema } from '../catalog/query';

/** One county or CBSA row of /rx/demand: sums of the published prescriber-drug rows placed there. */
export const DemandRowSchema = z
  .object({
    level: z.enum(['county', 'cbsa']),
    data_year: z.number().int().nullable(),
    state: z.string().nullable().openapi({
      description: "County rows: the prescribers' state as CMS publishes it (Prscrbr_State_Abrvtn); null on CBSA rows.",
    }),
    county_fips: z
      .string()
      .nullable()
      .openapi({ description: '5-digit county FIPS; null on CBSA rows and for prescribers that could not be placed.' }),
    cbsa: z.string().nullable().openapi({
      description: '5-digit CBSA code; null on county rows and for prescribers outside any CBSA or not placed.',
    }),
    generic_name: z.string().openapi({ description: 'Gnrc_Name as published (upper case).' }),
    brand_name: z.string().openapi({ description: 'Brnd_Name as published (upper case).' }),
    prescribers: z
      .number()
      .int()
      .openapi({ description: 'Prescriber rows summed (prescribers with at least 11 claims of the drug).' }),
    tot_clms: z.number(),
    tot_30day_fills: z.number().nullable(),
    tot_day_suply: z.number().nullable(),
    tot_drug_cst: z.number().nullable().openapi({ description: 'Dollars (gross drug cost).' }),
    tot_benes: z.number().nullable().openapi({
      description: 'Sum of prescriber-level beneficiary counts; null when any row summed had it suppressed.',
    }),
    tot_benes_suppressed: z.boolean(),
    ge65_tot_clms: z
      .number()
      .nullable()
      .openapi({ description: 'Claims of beneficiaries 65 and over; null when any row summed had them suppressed.' }),
    ge65_tot_drug_cst: z.number().nullable(),
    ge65_suppressed: z.boolean(),
    ge65_tot_benes: z.number().nullable(),
    ge65_benes_suppressed: z.boolean(),
    source: ListingRowSourceSchema,
  })
  .openapi('DemandRow');
export type DemandRow = z.infer<typeof DemandRowSchema>;

export const DemandAnswerSchema = z
  .object({
    items: z.array(DemandRowSchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
    level: z.enum(['county', 'cbsa']),
    data_years: z.array(z.number().int()).openapi({
      description: 'The data years of the releases in force on `as_of` (the `year` filter picks among them).',
    }),
    placement: z.object({
      rule: z.string(),
      versions: z.array(z.object({ source_id: z.string(), version_id: z.number().int() })).openapi({
        description: 'The registry and crosswalk versions the rows of this page were placed with (at load time).',
      }),
    }),
    ...answerProvenanceFields,
  })
  .openapi('DemandAnswer');
export type DemandAnswer = z.infer<typeof DemandAnswerSchema>;
