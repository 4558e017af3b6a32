import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { ListingRowSourceSchema } from '../catalog/query';
import { dossierBlockSchema } from './dossier-block';
import { AFFILIATION_FACILITY_TYPES } from './links-rows';

export const DERIVATIONS = ['reassignment', 'group_practice', 'facility_affiliation'] as const;
export type Derivation = (typeof DERIVATIONS)[number];

export const EMPLOYER_NPI_RULE =
  "`employer_npi` is the employer's NPI found by identifier, never by name. The reassignment list and the DAC national file name a group by PECOS PAC ID and enrollment ID only, so the NPI is looked up in the Medicare FFS Public Provider Enrollment base file in force on as_of (source cms_ppef, one row per enrollment: NPI, PAC ID, enrollment ID): by the group's enrollment ID first, then by its PAC ID. `employer_npi_via` names the key used and `employer_npi_source` the PPEF row, which `employer_npi_basis` also spells out (version, line, key). A PAC ID that maps to several NPIs (several enrollments, MULTIPLE_NPI_FLAG = Y) is not guessed: `employer_npi` null, the NPIs in `employer_npi_candidates`, and the basis says so (an enrollment ID that maps to one NPI resolves even when its PAC ID has several). Otherwise `employer_npi` is null with the basis saying why: `not_found` (neither key is in the release), `not_published` (the signal's source carries no employer NPI, and cms_ppef is not in force: a gap names it; a facility named by CCN is never looked up).";

export const EMPLOYMENT_METHODOLOGY = `Attribution signals, each derived by identifier, never by name: \`reassignment\` (the Medicare Revalidation Reassignment List, source cms_pecos_reassignment: the individual NPI reassigns its Medicare payments to the group), \`group_practice\` (the Doctors and Clinicians national file, source cms_dac: the enrollment row's org_pac_id, org_nm and num_org_mem), \`facility_affiliation\` (the DAC facility-affiliation file: the facility CCN and type where the clinician is affiliated, i.e. bills or is enrolled there; not proof of employment). A group named by both the reassignment list and the national file lists the other in \`corroborated_by\`. ${EMPLOYER_NPI_RULE} The files are snapshots of PECOS enrollment; reassignments and groups end without notice when a later release drops them.`;

export const EmployerNpiCandidateSchema = z
  .object({
    npi: z.string(),
    enrollment_id: z.string().nullable(),
    pac_id: z.string().nullable(),
    state: z.string().nullable(),
    multiple_npi_flag: z
      .boolean()
      .nullable()
      .openapi({ description: 'MULTIPLE_NPI_FLAG of the row (null when the release has no such column).' }),
    source: RowSourceSchema,
  })
  .openapi('EmployerNpiCandidate');
export type EmployerNpiCandidate = z.infer<typeof EmployerNpiCandidateSchema>;

export const AttributionSignalSchema = z
  .object({
    derivation: z.enum(DERIVATIONS).openapi({
      description:
        'How the signal was derived: reassignment (PECOS reassignment list), group_practice (DAC national file org_pac_id), facility_affiliation (DAC facility-affiliation file).',
    }),
    employer_npi: z
      .string()
      .nullable()
      .openapi({ description: 'The employer NPI, from the PPEF row of its enrollment ID or PAC ID.' }),
    employer_npi_basis: z.string().openapi({ description: EMPLOYER_NPI_RULE }),
    employer_npi_via: z
      .enum(['enrollment_id', 'pac_id'])
      .nullable()
      .openapi({ description: 'The key the PPEF row was found by (null when no row gave the NPI).' }),
    employer_npi_source: RowSourceSchema.nullable().openapi({
      description: 'The PPEF row (cms_ppef version and locator) that gave employer_npi.',
    }),
    employer_npi_candidates: z.array(EmployerNpiCandidateSchema).openapi({
      description: 'When the key maps to several NPIs: each PPEF row found, none chosen. Empty otherwise.',
    }),
    employer_name: z.string().nullable(),
    employer_pac_id: z.string().nullable().openapi({ description: 'PECOS associate control ID of the group.' }),
    employer_enrollment_id: z.string().nullable().openapi({ description: 'PECOS enrollment ID of the group.' }),
    employer_ccn: z.string().nullable().openapi({ description: 'CCN of the facility (facility_affiliation).' }),
    employer_state: z.string().nullable(),
    facility_type: z.enum(AFFILIATION_FACILITY_TYPES).nullable(),
    group_members: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Members of the group as published (num_org_mem, or reassignments and PAs).' }),
    record_type: z
      .string()
      .nullable()
      .openapi({ description: 'Reassignment list: `Reassignment` or `Physician Assistant`.' }),
    corroborated_by: z.array(z.enum(DERIVATIONS)),
    link: z.string().openapi({ description: 'The identifier the signal was linked by.' }),
    source: RowSourceSchema,
  })
  .openapi('AttributionSignal');
export type AttributionSignal = z.infer<typeof AttributionSignalSchema>;

export const EmploymentDataSchema = z
  .object({
    attribution_signals: z.array(AttributionSignalSchema),
    truncated: z.boolean().openapi({ description: 'More rows than one read takes (2,000): the first ones were kept.' }),
  })
  .openapi('EmploymentIntelligence');
export type EmploymentData = z.infer<typeof EmploymentDataSchema>;

export const FacilityAffiliationSchema = z
  .object({
    facility_type: z.enum(AFFILIATION_FACILITY_TYPES).nullable().openapi({
      description:
        'hospital, home_health, hospice, nursing_home (nursing homes and SNFs), dialysis, irf, ltch; null for a type CMS adds later (see facility_type_published).',
    }),
    facility_type_published: z.string().nullable(),
    ccn: z.string().openapi({ description: 'CCN of the facility or unit, 6 characters.' }),
    parent_ccn: z
      .string()
      .nullable()
      .openapi({ description: 'CCN of the hospital a unit belongs to, when published.' }),
    source: RowSourceSchema,
  })
  .openapi('FacilityAffiliation');

export const FacilityAffiliationsDataSchema = z
  .object({
    items: z.array(FacilityAffiliationSchema),
    counts: z
      .record(z.string(), z.number().int())
      .openapi({ description: 'Affiliations per facility type (every type listed, 0 included).' }),
  })
  .openapi('FacilityAffiliations');
export type FacilityAffiliationsData = z.infer<typeof FacilityAffiliationsDataSchema>;

export const HospitalAffiliationSchema = z
  .object({
    ccn: z.string(),
    name: z
      .string()
      .nullable()
      .openapi({ description: 'Hospital name where the national file names it (hosp_afl_lbn_N).' }),
    via: z.array(z.enum(['facility_affiliation', 'national_file'])).openapi({
      description:
        'facility_affiliation: a Facility Affiliation row of type Hospital; national_file: hosp_afl_N of the national file (releases to 2022).',
    }),
    sources: z.array(RowSourceSchema),
  })
  .openapi('HospitalAffiliation');

export const HospitalAffiliationsDataSchema = z
  .object({ items: z.array(HospitalAffiliationSchema) })
  .openapi('HospitalAffiliations');
export type HospitalAffiliationsData = z.infer<typeof HospitalAffiliationsDataSchema>;

export const ProviderIdentitySchema = z
  .object({
    npi: z.string(),
    entity_type: z.enum(['individual', 'organization']).nullable(),
    last_name: z.string().nullable(),
    first_name: z.string().nullable(),
    middle_name: z.string().nullable(),
    credential: z.string().nullable(),
    organization_name: z.string().nullable(),
    practice_city: z.string().nullable(),
    practice_state: z.string().nullable(),
    practice_postal_code: z.string().nullable(),
    primary_taxonomy: z.string().nullable(),
    enumeration_date: z.string().nullable(),
    deactivation_date: z.string().nullable(),
    reactivation_date: z.string().nullable(),
    source: RowSourceSchema,
  })
  .openapi('ProviderIdentity');
export type ProviderIdentity = z.infer<typeof ProviderIdentitySchema>;

export const EmploymentBlockSchema = dossierBlockSchema(
  EmploymentDataSchema,
  'Employment intelligence: attribution signals.',
);
export const FacilityAffiliationsBlockSchema = dossierBlockSchema(
  FacilityAffiliationsDataSchema,
  'Facility affiliations of every type from the DAC facility-affiliation file.',
);
export const HospitalAffiliationsBlockSchema = dossierBlockSchema(
  HospitalAffiliationsDataSchema,
  'Hospital affiliations (facility-affiliation rows of type hospital, and the national file hospital columns).',
);

export const EmploymentSchema = z
  .object({
    npi: z.string(),
    identity: ProviderIdentitySchema.nullable(),
    ...EmploymentDataSchema.shape,
    ...answerProvenanceFields,
  })
  .openapi('ProviderEmployment');
export type Employment = z.infer<typeof EmploymentSchema>;

export const AFFILIATES_METHODOLOGY =
  "Clinicians the DAC facility-affiliation file (source cms_dac) affiliates with the hospital CCN: rows whose facility_type is Hospital and whose facility_afl_ccn is the CCN, in NPI order (then version and record, a unique key). Units with their own CCN (an IRF or psychiatric unit) are listed under their own CCN, not the parent hospital's. Affiliation means the clinician bills at or is enrolled with the hospital, not employment.";

export const HospitalAffiliateSchema = z
  .object({
    npi: z.string(),
    ind_pac_id: z.string().nullable(),
    last_name: z.string().nullable(),
    first_name: z.string().nullable(),
    facility_type_published: z.string().nullable(),
    parent_ccn: z.string().nullable(),
    source: ListingRowSourceSchema,
  })
  .openapi('HospitalAffiliate');
export type HospitalAffiliate = z.infer<typeof HospitalAffiliateSchema>;

export const HospitalAffiliatesSchema = z
  .object({
    ccn: z.string(),
    items: z.array(HospitalAffiliateSchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
    scanned: z.number().int(),
    ...answerProvenanceFields,
  })
  .openapi('HospitalAffiliates');
export type HospitalAffiliates = z.infer<typeof HospitalAffiliatesSchema>;
