import { z } from '@hono/zod-openapi';
import { CatalogGapSchema, CatalogSourceVersionSchema } from '../catalog/provenance';
import { ListingRowSourceSchema } from '../catalog/query';
import { dossierBlockSchema } from './dossier-block';

const score = (what: string) =>
  z
    .number()
    .nullable()
    .openapi({ description: `${what} (points, as published).` });

/** One published MIPS row of a clinician: a performance year and the practice it was scored under. */
export const MipsScoreSchema = z
  .object({
    performance_year: z.string().nullable().openapi({ description: "The file's label, e.g. `PY 2023`." }),
    layout: z.enum(['pdc_ec_score', 'qpp_experience']),
    npi: z.string(),
    org_pac_id: z
      .string()
      .nullable()
      .openapi({ description: 'PECOS PAC ID of the practice scored (Doctors and Clinicians file).' }),
    last_name: z.string().nullable(),
    first_name: z.string().nullable(),
    score_source: z
      .string()
      .nullable()
      .openapi({ description: 'How the score was reached (individual, group, APM entity...), as published.' }),
    final_score: score('MIPS final score out of 100'),
    final_score_without_cpb: score('Final score before the complex patient bonus'),
    quality_score: score('Quality category score'),
    pi_score: score('Promoting Interoperability category score'),
    ia_score: score('Improvement Activities category score'),
    cost_score: score('Cost category score'),
    medicare_patients: z.number().int().nullable(),
    specialty: z
      .string()
      .nullable()
      .openapi({ description: "NPPES primary taxonomy code, else the file's specialty slug." }),
    specialty_from: z.enum(['nppes_taxonomy', 'mips_file']).nullable(),
    state: z.string().nullable(),
    state_from: z.enum(['mips_file', 'nppes_practice_address']).nullable(),
    source_row: z.record(z.string(), z.string()).openapi({ description: 'The published row as-is.' }),
    source: ListingRowSourceSchema,
  })
  .openapi('MipsScore');
export type MipsScore = z.infer<typeof MipsScoreSchema>;

const provenance = {
  sources: z.array(CatalogSourceVersionSchema),
  gaps: z.array(CatalogGapSchema),
  as_of: z.string(),
  methodology_note: z.string(),
};

export const ClinicianQualitySchema = z
  .object({
    npi: z.string(),
    best_final_score: z
      .number()
      .nullable()
      .openapi({ description: 'The highest final score among `scores` of the newest performance year.' }),
    scores: z
      .array(MipsScoreSchema)
      .openapi({ description: 'Every row of the NPI in the files in force, newest year first, then PAC ID.' }),
    ...provenance,
  })
  .openapi('ClinicianQuality');
export type ClinicianQuality = z.infer<typeof ClinicianQualitySchema>;

export const LeaderboardEntrySchema = MipsScoreSchema.extend({
  rank: z
    .number()
    .int()
    .openapi({ description: 'Position in the order (final score descending, then NPI, then PAC ID): unique.' }),
  tie_rank: z.number().int().openapi({
    description:
      'Competition rank: 1 + entries with a strictly higher final score among those listed so far (ties share it).',
  }),
}).openapi('LeaderboardEntry');

export const LeaderboardSchema = z
  .object({
    specialty: z.string(),
    items: z.array(LeaderboardEntrySchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable(),
    scanned: z.number().int(),
    ...provenance,
  })
  .openapi('QualityLeaderboard');
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

/** The dossier's `quality_intelligence` block (shared/providers/quality-block.ts). */
export const QualityBlockDataSchema = z
  .object({
    best_final_score: z.number().nullable(),
    performance_year: z.string().nullable(),
    scores: z.array(MipsScoreSchema),
  })
  .openapi('QualityBlockData');
export type QualityBlockData = z.infer<typeof QualityBlockDataSchema>;

export const QualityBlockSchema = dossierBlockSchema(
  QualityBlockDataSchema,
  'quality_intelligence: the MIPS final and category scores of the NPI in the files in force (cms_qpp_mips); empty scores when the files do not list it.',
).openapi('QualityIntelligenceBlock');
