import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';

export const HOSPITAL_TRIALS_METHOD =
  'Studies of the ClinicalTrials.gov set in force with a US site in the hospital’s ZIP (the set’s site-ZIP search token), at most 1,000 studies a request. Each such site (facility name, city, state, ZIP) is matched by the shared facility matcher (shared/facilities) against the hospitals of its ZIP and city in CMS Hospital General Information in force, the same method as /clinical-trials/{nct_id} `ccn_links`: the same normalized name scores 0.85 (`name_city`), names sharing most words 0.5 to 0.79 (`name_fuzzy`); trial sites give no street address. A study is listed when a site is `matched` to this CCN (best hospital at 0.8 or more, the next at least 0.1 below) or `ambiguous` with this CCN among its candidates (listed, not claimed); its best site answers. Sites filed under another ZIP are not searched.';

export const HOSPITAL_TRIALS_METHODOLOGY =
  'ClinicalTrials.gov lists sites as the sponsor entered them; a trial run by a hospital’s physicians at an affiliated clinic or research office under another name or ZIP is not found, and a research institute sharing a hospital’s ZIP and most of its name may be offered as ambiguous. A match is by name and ZIP with a confidence, never a registry link. Overall and site recruitment statuses are as last updated by the sponsor.';

export const HospitalTrialsSchema = z
  .object({
    ccn: z.string().openapi({ example: '140900' }),
    hospital: z.object({
      facility_name: z.string(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string(),
      zip: z.string().nullable(),
      source: RowSourceSchema,
    }),
    items: z.array(
      z.object({
        nct_id: z.string(),
        brief_title: z.string().nullable(),
        overall_status: z.string().nullable(),
        phases: z.array(z.string()),
        conditions: z.array(z.string()),
        lead_sponsor: z.string().nullable(),
        last_update_posted: z.string().nullable(),
        match: z.object({
          status: z.enum(['matched', 'ambiguous']),
          confidence: z.number(),
          method: z.enum(['name_address', 'address', 'name_city', 'name_fuzzy']),
          site_index: z.number().int().openapi({ description: 'Position of the site in the study’s sites.' }),
          facility: z.string().nullable(),
          city: z.string().nullable(),
          zip: z.string().nullable(),
          site_status: z.string().nullable(),
          candidates: z.array(
            z.object({
              ccn: z.string(),
              name: z.string(),
              confidence: z.number(),
              method: z.enum(['name_address', 'address', 'name_city', 'name_fuzzy']),
            }),
          ),
        }),
        source: RowSourceSchema,
      }),
    ),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
    searched: z.object({
      zip: z.string().nullable(),
      studies_with_a_site_in_zip: z.number().int(),
      truncated: z.boolean().openapi({
        description: 'More than 1,000 studies list a site in the ZIP: only the first 1,000 in NCT order were matched.',
      }),
    }),
    method: z.string(),
    ...answerProvenanceFields,
  })
  .openapi('HospitalTrials');
export type HospitalTrials = z.infer<typeof HospitalTrialsSchema>;
