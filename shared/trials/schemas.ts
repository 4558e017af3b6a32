import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { CcnLinksSchema, NpiLinksSchema } from './link-schemas';

export const TRIALS_METHODOLOGY =
  'ClinicalTrials.gov records as their sponsors registered them (API v2), from the complete set of studies archived and in force on the date; a set is in force from the day it was archived until the next one. Statuses, phases and dates are the registry’s own values (dates as published: `2021-03` stays month-only). Sites list what the record lists; a US site’s state is given by name and as its USPS code. Investigators are the record’s overall officials and the site contacts with an investigator role, as given: each investigator’s NPI is searched for in the NPPES registry by name and site location and shown as a scored candidate with its method, never as a fact; each US site’s facility is matched to a hospital CCN against the hospital general information file in force on the date, by name and ZIP or city, with its status, confidence and method, a CCN only where one hospital clearly wins (a gap in `ccn_links` when that file is not loaded). Daily cadence: a set not renewed within 8 days is a stale_version gap.';

const StudyDateSchema = z
  .object({ date: z.string(), type: z.string().nullable() })
  .openapi('TrialDate', { description: 'As published (`yyyy`, `yyyy-MM` or `yyyy-MM-dd`), with ACTUAL or ESTIMATED.' });

export const TrialSiteSchema = z
  .object({
    facility: z.string().nullable(),
    status: z.string().nullable().openapi({ description: "The site's recruitment status, when given." }),
    city: z.string().nullable(),
    state: z.string().nullable().openapi({ description: 'As published (US states by name).' }),
    state_code: z.string().nullable().openapi({ description: 'USPS code of a US site; null elsewhere.' }),
    zip: z.string().nullable(),
    country: z.string().nullable(),
    investigators: z.array(z.object({ name: z.string().nullable(), role: z.string().nullable() })).openapi({
      description: 'Site contacts with an investigator role (PRINCIPAL_INVESTIGATOR, SUB_INVESTIGATOR, ...), as given.',
    }),
  })
  .openapi('TrialSite');

const summaryShape = {
  nct_id: z.string().openapi({ example: 'NCT05594173' }),
  brief_title: z.string().nullable(),
  overall_status: z.string().nullable().openapi({ description: 'API v2 overallStatus, e.g. RECRUITING, COMPLETED.' }),
  study_type: z.string().nullable(),
  phases: z
    .array(z.string())
    .openapi({ description: 'API v2 phases (PHASE1, PHASE2, EARLY_PHASE1, NA); empty when none.' }),
  conditions: z.array(z.string()),
  lead_sponsor: z.string().nullable(),
  lead_sponsor_class: z.string().nullable(),
  start_date: StudyDateSchema.nullable(),
  last_update_posted: z.string().nullable(),
  enrollment: z.object({ count: z.number().nullable(), type: z.string().nullable() }).nullable(),
  site_count: z.number().int(),
  source: RowSourceSchema,
};

export const TrialSummarySchema = z.object(summaryShape).openapi('TrialSummary');
export type TrialSummary = z.infer<typeof TrialSummarySchema>;

export const TrialListSchema = z
  .object({
    items: z.array(TrialSummarySchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
    total: z.number().int().nullable().openapi({
      description:
        'Studies matching the whole search (every page), exact for every combination of filters: without words, from counts made when the set loaded (the set, `by_status`, and per day of last update `by_update_day`); with words (condition, sponsor, phase, state, city, zip), counted from the matches the search reads anyway. Null only when the loaded set recorded no row count (never for a set loaded by this version).',
    }),
    sort: z.enum(['nct_id', 'last_update']),
    ...answerProvenanceFields,
  })
  .openapi('TrialList');
export type TrialList = z.infer<typeof TrialListSchema>;

export const TrialDetailSchema = z
  .object({
    ...summaryShape,
    official_title: z.string().nullable(),
    acronym: z.string().nullable(),
    keywords: z.array(z.string()),
    interventions: z.array(z.object({ type: z.string().nullable(), name: z.string().nullable() })),
    collaborators: z.array(z.object({ name: z.string().nullable(), class: z.string().nullable() })),
    primary_completion_date: StudyDateSchema.nullable(),
    completion_date: StudyDateSchema.nullable(),
    first_posted: z.string().nullable(),
    officials: z
      .array(z.object({ name: z.string().nullable(), affiliation: z.string().nullable(), role: z.string().nullable() }))
      .openapi({ description: 'Overall officials as given (principal investigators, study directors, chairs).' }),
    sites: z.array(TrialSiteSchema),
    element: z.object({ page: z.number().int(), sha256: z.string(), offset: z.number().int() }).nullable().openapi({
      description: 'The archived page holding the study and its byte offset there (GET /v1/archive/files/{sha256}).',
    }),
    npi_links: NpiLinksSchema.openapi({
      description:
        'One entry per overall official and site investigator: the NPI searched for by name and place in the NPPES registry, with candidates, confidence and method. Only `linked` entries carry an NPI, and that is still a match, not an identifier the study gave.',
    }),
    ccn_links: CcnLinksSchema,
    ...answerProvenanceFields,
  })
  .openapi('TrialDetail');
export type TrialDetail = z.infer<typeof TrialDetailSchema>;
