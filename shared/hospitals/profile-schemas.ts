import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';

export const PROFILE_METHODOLOGY =
  'A hospital profile joins sources by CCN, each block naming the archived row it came from: general information from CMS Hospital General Information (Care Compare, quarterly); accreditation, medical school affiliation, CBSA and termination from the CMS Provider of Services file (POS, quarterly; the accrediting organization is the one whose deemed status the hospital holds, ACRDTN_TYPE_CD, and its expiration date is ACRDTN_EXPRTN_DT as CMS recorded it, which can lag a renewal by a quarter); the case mix index from the latest IPPS final rule file in force (a transfer-adjusted index computed by CMS from Medicare fee-for-service discharges of a year or two before the fiscal year it is published for; only IPPS hospitals have one: critical access, psychiatric, rehabilitation, long-term care, children’s and cancer hospitals do not); the CBSA population from the latest Census vintage in force for the CBSA the POS file assigns (a July 1 estimate, revised by each later vintage). A block is null when its source has no version in force (see gaps) or does not list the CCN.';

export const CMI_METHODOLOGY =
  'The case mix index CMS published with each IPPS final rule (the CMI file, or the transfer-adjusted CMI column of the impact file when that is the file archived): the average MS-DRG relative weight of the hospital’s Medicare fee-for-service discharges, transfer-adjusted, computed from the MedPAR claims of an earlier year (the final rule for fiscal year N uses claims of about N-2). The weights are recalibrated every year, so indexes of different years are not strictly comparable. Only IPPS hospitals appear. A fiscal year re-released (correction notice) answers from the later release in force on as_of.';

export const SERVICES_METHODOLOGY =
  'Services from the CMS Provider of Services file in force on as_of: every service indicator column (`*_SRVC_CD`) of the provider’s row, with its code (0 not provided, 1 provided by the hospital’s staff, 2 provided under arrangement, 3 both). The indicators are reported at certification and survey, so they can be years old for a hospital not recently surveyed; columns this API does not name keep their POS column name.';

export const POPULATION_METHODOLOGY =
  'Census Bureau Population Estimates Program, July 1 resident population of the CBSA (or metropolitan division) as OMB delineated it for the vintage. Each vintage re-estimates every year since the last census, so a later vintage revises earlier years: each year is answered from the latest vintage in force on as_of that estimates it, and names that vintage. Years of an earlier decade come from the last vintage of that decade (postcensal, not the intercensal revision). Areas follow the delineation of each vintage; a redelineated CBSA is not comparable across vintages.';

const sourced = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, source: RowSourceSchema });

export const HospitalProfileSchema = z
  .object({
    ccn: z.string().openapi({ example: '010099' }),
    general: sourced({
      facility_name: z.string(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string(),
      zip: z.string().nullable(),
      county: z.string().nullable(),
      hospital_type: z.string().nullable(),
      ownership: z.string().nullable(),
      emergency_services: z.boolean().nullable(),
    })
      .nullable()
      .openapi({ description: 'CMS Hospital General Information; null when the file in force lacks the CCN.' }),
    facility_name: z.string().nullable().openapi({ description: 'General information, else the POS name.' }),
    cbsa_code: z.string().nullable().openapi({ description: 'POS CBSA_CD.' }),
    case_mix_index: sourced({
      value: z.number().nullable(),
      fiscal_year: z.number().int(),
      cases: z.number().int().nullable(),
    })
      .nullable()
      .openapi({ description: 'The latest fiscal year in force (history: /hospitals/{ccn}/case-mix-index).' }),
    cbsa_population: sourced({
      cbsa_code: z.string(),
      name: z.string(),
      lsad: z.string().nullable(),
      year: z.number().int(),
      population: z.number().int(),
      vintage: z.number().int(),
    })
      .nullable()
      .openapi({ description: 'The latest July 1 estimate of the POS CBSA, from the latest vintage in force.' }),
    accreditation_agency: sourced({
      code: z.string(),
      name: z.string().nullable(),
      effective_date: z.string().nullable(),
    })
      .nullable()
      .openapi({ description: 'POS ACRDTN_TYPE_CD with its effective date; null when POS has none.' }),
    accreditation_expiration_date: sourced({ value: z.string() })
      .nullable()
      .openapi({ description: 'POS ACRDTN_EXPRTN_DT (ISO date).' }),
    medical_school_affiliation: sourced({ code: z.string(), label: z.string().nullable() })
      .nullable()
      .openapi({ description: 'POS MDCL_SCHL_AFLTN_CD: 1 major, 2 graduate, 3 minor, 4 none.' }),
    termination: sourced({ code: z.string(), label: z.string().nullable(), date: z.string().nullable() })
      .nullable()
      .openapi({ description: 'POS PGM_TRMNTN_CD and TRMNTN_EXPRTN_DT (00: active).' }),
    links: z
      .array(z.object({ block: z.string(), method: z.string() }))
      .openapi({ description: 'How each block was joined to the CCN.' }),
    ...answerProvenanceFields,
  })
  .openapi('HospitalProfile');
export type HospitalProfile = z.infer<typeof HospitalProfileSchema>;

export const CaseMixIndexSchema = z
  .object({
    ccn: z.string(),
    items: z.array(
      sourced({
        fiscal_year: z.number().int(),
        case_mix_index: z.number().nullable(),
        cases: z.number().int().nullable(),
        provider_name: z.string().nullable(),
        cmi_column: z.string().openapi({ description: 'The published column read (layouts differ by year).' }),
        source_row: z.record(z.string(), z.string()),
      }),
    ),
    ...answerProvenanceFields,
  })
  .openapi('HospitalCaseMixIndex');
export type CaseMixIndex = z.infer<typeof CaseMixIndexSchema>;

export const HospitalServicesSchema = z
  .object({
    ccn: z.string(),
    facility_name: z.string().nullable(),
    category: z.object({ code: z.string(), label: z.string().nullable() }).nullable(),
    items: z.array(
      z.object({
        column: z.string(),
        name: z.string(),
        code: z.string(),
        provided: z.boolean(),
        how: z.enum(['staff', 'arrangement', 'staff_and_arrangement', 'not_provided', 'unknown']),
      }),
    ),
    provided_count: z.number().int(),
    source: RowSourceSchema,
    ...answerProvenanceFields,
  })
  .openapi('HospitalServices');
export type HospitalServices = z.infer<typeof HospitalServicesSchema>;

export const CbsaPopulationSchema = z
  .object({
    cbsa_code: z.string().openapi({ example: '20020' }),
    parent_cbsa_code: z.string(),
    name: z.string(),
    lsad: z.string().nullable(),
    items: z.array(
      sourced({
        year: z.number().int(),
        population: z.number().int(),
        vintage: z.number().int(),
        superseded: z
          .array(z.object({ vintage: z.number().int(), population: z.number().int() }))
          .openapi({ description: 'Earlier vintages’ figures for the year that the answer’s vintage revised.' }),
      }),
    ),
    estimates_base: z
      .object({ year: z.number().int(), population: z.number().int(), vintage: z.number().int() })
      .nullable(),
    ...answerProvenanceFields,
  })
  .openapi('CbsaPopulation');
export type CbsaPopulation = z.infer<typeof CbsaPopulationSchema>;
