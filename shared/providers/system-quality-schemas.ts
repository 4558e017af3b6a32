import { z } from '@hono/zod-openapi';
import { CatalogGapSchema, CatalogSourceVersionSchema, RowSourceSchema } from '../catalog/provenance';
import { MipsScoreSchema } from './quality-schemas';

const mean = (what: string) =>
  z
    .number()
    .nullable()
    .openapi({ description: `${what} (points out of 100, two decimals); null when no clinician is scored.` });

/** Summary of the clinicians' final scores (one value per clinician: its best final score of the year). */
export const ScoreSummarySchema = z
  .object({
    count: z.number().int().openapi({ description: 'Clinicians with a final score of the performance year.' }),
    mean: mean('Mean final score'),
    median: mean('Median final score (mean of the two middle scores for an even count)'),
    min: mean('Lowest final score'),
    max: mean('Highest final score'),
  })
  .openapi('SystemQualityScoreSummary');

const counted = z
  .number()
  .int()
  .nullable()
  .openapi({ description: 'Null when the source needed is not in force (see `gaps`).' });

export const SystemQualityHospitalSchema = z
  .object({
    compendium_hospital_id: z.string(),
    ccn: z.string().nullable(),
    name: z.string(),
    status: z.enum(['read', 'no_ccn', 'not_read_cap', 'dac_not_loaded']).openapi({
      description:
        '`read`: its facility affiliations were read; `no_ccn`: the Compendium gives no CCN, so no clinician can be linked; `not_read_cap`: left out because the system passed the affiliation cap (see `cap`); `dac_not_loaded`: no facility-affiliation file in force.',
    }),
    affiliated: counted,
    scored: counted,
    summary: ScoreSummarySchema.nullable(),
    source: RowSourceSchema.openapi({ description: 'The hospital linkage row of the Compendium.' }),
  })
  .openapi('SystemQualityHospital');

export const SystemQualitySpecialtySchema = z
  .object({
    specialty: z
      .string()
      .nullable()
      .openapi({ description: "NPPES primary taxonomy code, else the MIPS file's specialty slug; null when neither." }),
    summary: ScoreSummarySchema,
  })
  .openapi('SystemQualitySpecialty');

export const SystemQualityBandSchema = z
  .object({
    band: z.string(),
    from: z.number().openapi({ description: 'Lower bound (included).' }),
    to: z.number().openapi({ description: 'Upper bound (excluded, but 100 is in the last band).' }),
    clinicians: z.number().int(),
  })
  .openapi('SystemQualityBand');

export const SystemClinicianSchema = z
  .object({
    rank: z.number().int().openapi({ description: 'Position: final score descending, unscored last, then NPI.' }),
    tie_rank: z
      .number()
      .int()
      .nullable()
      .openapi({ description: '1 + clinicians with a strictly higher final score; null when unscored.' }),
    npi: z.string(),
    last_name: z.string().nullable().openapi({ description: 'As the facility-affiliation file spells it.' }),
    first_name: z.string().nullable(),
    final_score: z.number().nullable().openapi({
      description:
        'The highest final score among the MIPS rows of the NPI of `performance_year` (several practices may score it); null when none.',
    }),
    score: MipsScoreSchema.nullable().openapi({ description: 'The MIPS row `final_score` was taken from.' }),
    mips_rows: z.number().int().openapi({ description: 'MIPS rows of the NPI in the files in force (any year).' }),
    hospitals: z
      .array(z.object({ ccn: z.string(), source: RowSourceSchema }))
      .openapi({ description: 'The system hospitals the clinician is affiliated with (facility-affiliation rows).' }),
  })
  .openapi('SystemClinician');
export type SystemClinician = z.infer<typeof SystemClinicianSchema>;

export const SystemQualitySchema = z
  .object({
    system_id: z.string(),
    system_name: z.string(),
    system_source: RowSourceSchema.openapi({ description: 'The system row of the AHRQ Compendium.' }),
    performance_year: z.string().nullable().openapi({
      description:
        'The MIPS performance year the scores are of (`PY 2023`): the newest among the MIPS files in force; null when no MIPS row was read (no MIPS file in force, or no facility-affiliation file to find the clinicians by).',
    }),
    hospital_counts: z.object({
      linked: counted.openapi({ description: 'Hospitals the Compendium linkage file in force ties to the system.' }),
      with_ccn: counted,
      read: counted.openapi({ description: 'Hospitals whose facility affiliations were read.' }),
      not_read_cap: z.number().int().openapi({ description: 'Hospitals left out by the affiliation cap.' }),
    }),
    clinician_counts: z.object({
      affiliated: counted.openapi({ description: 'Distinct NPIs affiliated with the hospitals read (each once).' }),
      with_mips_row: counted.openapi({ description: 'Of those, NPIs with a MIPS row in the files in force.' }),
      scored: counted.openapi({ description: 'Of those, NPIs with a final score of `performance_year`.' }),
    }),
    summary: ScoreSummarySchema.nullable(),
    distribution: z.array(SystemQualityBandSchema),
    by_specialty: z.array(SystemQualitySpecialtySchema).openapi({
      description:
        'Scored clinicians per specialty (of the MIPS row scored), most clinicians first, then specialty (null last).',
    }),
    by_hospital: z.array(SystemQualityHospitalSchema).openapi({
      description:
        'Every hospital of the system, Compendium hospital-id order; a clinician of two hospitals counts in each.',
    }),
    cap: z.object({
      affiliation_rows: z
        .number()
        .int()
        .openapi({ description: 'Facility-affiliation rows read per request at most.' }),
      rows_read: z.number().int(),
      truncated: z.boolean().openapi({
        description:
          'True when hospitals were left out (`not_read_cap`): every count and figure then covers the hospitals read only.',
      }),
    }),
    items: z.array(SystemClinicianSchema),
    total: counted.openapi({ description: 'Clinicians listed over every page (= clinician_counts.affiliated).' }),
    limit: z.number().int(),
    next_cursor: z.string().nullable(),
    sources: z.array(CatalogSourceVersionSchema),
    gaps: z.array(CatalogGapSchema),
    as_of: z.string(),
    methodology_note: z.string(),
  })
  .openapi('SystemQuality');
export type SystemQuality = z.infer<typeof SystemQualitySchema>;
