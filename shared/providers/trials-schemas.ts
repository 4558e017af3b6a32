import { z } from '@hono/zod-openapi';
import { CatalogGapSchema, CatalogSourceVersionSchema, RowSourceSchema } from '../catalog/provenance';
import { dossierBlockSchema } from './dossier-block';

/** How a trial was tied to the NPI. */
export const TRIAL_LINK_METHOD =
  'Open Payments research rows: a research payment record that names the NPI as a principal investigator (Principal_Investigator_1..5_NPI) or as its covered recipient and gives a ClinicalTrials.gov identifier. An identifier link reported by the paying manufacturer: confidence 1.0. Name-and-site matching against ClinicalTrials.gov investigators is not done yet: a study the NPI runs without a manufacturer-reported research payment is not listed.';

export const InvestigatorTrialSchema = z
  .object({
    nct_id: z.string(),
    link: z.object({
      method: z.literal('open_payments_research'),
      confidence: z
        .number()
        .openapi({ description: '1.0: the manufacturer reported the NPI and the NCT id on one record.' }),
      roles: z.array(z.enum(['recipient', 'principal_investigator'])),
      program_years: z.array(z.number().int()),
      payers: z.array(z.string()),
      payments: z.number().int(),
      total_usd: z
        .number()
        .openapi({ description: 'Research dollars on those records (usually paid to an institution).' }),
      record_ids: z
        .array(z.string())
        .openapi({ description: 'Open Payments Record_IDs of the linking rows (at most 20).' }),
      study_names: z.array(z.string()).openapi({ description: 'Name_of_Study as reported.' }),
    }),
    trial: z
      .object({
        brief_title: z.string().nullable(),
        overall_status: z.string().nullable(),
        phases: z.array(z.string()),
        conditions: z.array(z.string()),
        lead_sponsor: z.string().nullable(),
        last_update_posted: z.string().nullable(),
        source: RowSourceSchema,
      })
      .nullable()
      .openapi({
        description:
          'The study in the ClinicalTrials.gov set in force (nlm_ctgov); null when that set does not hold it.',
      }),
  })
  .openapi('InvestigatorTrial');
export type InvestigatorTrial = z.infer<typeof InvestigatorTrialSchema>;

export const InvestigatorTrialsSchema = z
  .object({
    npi: z.string(),
    method: z.string(),
    items: z.array(InvestigatorTrialSchema),
    sources: z.array(CatalogSourceVersionSchema),
    gaps: z.array(CatalogGapSchema),
    as_of: z.string(),
    methodology_note: z.string(),
  })
  .openapi('InvestigatorTrials');
export type InvestigatorTrials = z.infer<typeof InvestigatorTrialsSchema>;

export const TrialsBlockDataSchema = z
  .object({
    method: z.string(),
    trials: z.array(InvestigatorTrialSchema.omit({ trial: true })),
  })
  .openapi('ClinicalTrialsBlockData');
export type TrialsBlockData = z.infer<typeof TrialsBlockDataSchema>;

export const TrialsBlockSchema = dossierBlockSchema(
  TrialsBlockDataSchema,
  'clinical_trials: studies tied to the NPI by Open Payments research rows (PI or recipient NPI with an NCT id); the study records themselves are read by /provider/{npi}/clinical-trials.',
).openapi('ClinicalTrialsBlock');
