import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { ListingRowSourceSchema } from '../catalog/query';
import {
  CarrierSchema,
  CitationSchema,
  HEALTH_FUNDING_CLASSES,
  INTEGRATION_CLASSES,
  NameMatchSchema,
} from './employer-rows';

const pbmMatch = NameMatchSchema.extend({ direct_comp: z.number().nullable(), indirect_comp: z.number().nullable() });

/** One health plan filing as served (listing rows and the filings of one employer). */
export const EmployerPlanSchema = z
  .object({
    ein: z.string().openapi({ description: 'Sponsor EIN, 9 digits.' }),
    plan_num: z.string(),
    plan_key: z.string(),
    sponsor_name: z.string(),
    plan_name: z.string().nullable(),
    form_year: z.number().int().openapi({ description: 'Plan year (the year of FORM_PLAN_YEAR_BEGIN_DATE).' }),
    ack_id: z.string(),
    state: z.string().nullable(),
    zip5: z.string().nullable(),
    cbsa: z
      .string()
      .nullable()
      .openapi({ description: 'Metro (CBSA) of the sponsor mailing ZIP; null outside any CBSA or unplaced.' }),
    active_participants: z.number().nullable(),
    health_funding_class: z.enum(HEALTH_FUNDING_CLASSES).nullable(),
    funding_basis: z.string(),
    stop_loss: z.boolean(),
    pbm: z.object({ key: z.string(), name: z.string(), parent: z.string().nullable() }).nullable().openapi({
      description: 'The matched PBM with the largest disclosed compensation; null when none is on Schedule C.',
    }),
    pbm_fees: z.number().nullable().openapi({
      description: 'Dollars: direct plus indirect compensation of the matched PBMs on Schedule C (a floor).',
    }),
    pbm_matches: z
      .array(pbmMatch)
      .openapi({ description: 'Each Schedule C name read as a PBM, with the ownership-table rule that matched it.' }),
    drug_carriers: z
      .array(CarrierSchema)
      .openapi({ description: 'Schedule A contracts with the prescription-drug indicator.' }),
    carriers: z.array(CarrierSchema),
    integration: z.enum(INTEGRATION_CLASSES),
    integration_parent: z.string().nullable(),
    integration_basis: z.string(),
    date_received: z.string().nullable(),
    source: ListingRowSourceSchema,
  })
  .openapi('EmployerPlan');
export type EmployerPlan = z.infer<typeof EmployerPlanSchema>;

export const EmployersAnswerSchema = z
  .object({
    items: z.array(EmployerPlanSchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
    year: z.number().int().openapi({ description: 'The plan year listed.' }),
    years: z.array(z.number().int()).openapi({ description: 'Plan years in force on as_of.' }),
    ...answerProvenanceFields,
  })
  .openapi('EmployersAnswer');
export type EmployersAnswer = z.infer<typeof EmployersAnswerSchema>;

export const EmployerAnswerSchema = z
  .object({
    ein: z.string(),
    sponsor_name: z.string(),
    plans: z.array(
      z.object({
        plan_key: z.string(),
        plan_num: z.string(),
        plan_name: z.string().nullable(),
        filings: z.array(EmployerPlanSchema.extend({ source: RowSourceSchema })).openapi({
          description:
            'One filing per plan year (the newest refresh in force; a later filing supersedes), newest year first.',
        }),
      }),
    ),
    ...answerProvenanceFields,
  })
  .openapi('EmployerAnswer');
export type EmployerAnswer = z.infer<typeof EmployerAnswerSchema>;

const rollupFields = {
  plans: z.number().int(),
  active_participants: z.number(),
  pbm_fees: z
    .number()
    .openapi({ description: 'Dollars disclosed on Schedule C by the PBMs of these plans (a floor).' }),
  source: ListingRowSourceSchema,
};

export const EmployerMetroSchema = z
  .object({ form_year: z.number().int(), cbsa: z.string().nullable(), ...rollupFields })
  .openapi('EmployerMetro');
export const EmployerMetrosAnswerSchema = z
  .object({
    items: z.array(EmployerMetroSchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable(),
    year: z.number().int(),
    placement: z.string(),
    ...answerProvenanceFields,
  })
  .openapi('EmployerMetrosAnswer');
export type EmployerMetrosAnswer = z.infer<typeof EmployerMetrosAnswerSchema>;

export const IntegrationAnswerSchema = z
  .object({
    year: z.number().int(),
    by_class: z.array(z.object({ integration: z.enum(INTEGRATION_CLASSES), ...rollupFields })),
    by_parent: z.array(
      z.object({
        integration: z.enum(INTEGRATION_CLASSES),
        integration_parent: z.string().nullable(),
        ...rollupFields,
      }),
    ),
    largest_plans: z.array(EmployerPlanSchema),
    ...answerProvenanceFields,
  })
  .openapi('EmployerIntegrationAnswer');
export type IntegrationAnswer = z.infer<typeof IntegrationAnswerSchema>;

export const PbmRowSchema = z
  .object({
    pbm_key: z.string(),
    name: z.string(),
    parent: z.string().nullable(),
    blues_affiliated: z.boolean().nullable(),
    name_mappings: z.array(z.string()).openapi({
      description:
        'The ownership-table phrases (and EINs) a filed Schedule C name is read as this PBM by; each plan row shows the name as filed.',
    }),
    citations: z.array(CitationSchema),
    ...rollupFields,
  })
  .openapi('PbmRollupRow');
export const PbmsAnswerSchema = z
  .object({
    items: z.array(PbmRowSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
    year: z.number().int(),
    normalization: z.string(),
    ...answerProvenanceFields,
  })
  .openapi('PbmsAnswer');
export type PbmsAnswer = z.infer<typeof PbmsAnswerSchema>;
