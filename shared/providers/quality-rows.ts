import { z } from '@hono/zod-openapi';

/** The catalog dataset of the MIPS performance files (shared/datasets/cms_qpp_mips). */
export const MIPS_DATASET = 'cms_qpp_mips';
/** The leaderboard listing: partitioned by specialty, ordered by `leader_key`. */
export const LEADERBOARD_LISTING = 'leaderboard';

/**
 * One MIPS row as the catalog stores it: the published record (scores as published, points out of
 * 100) and its placement against the NPPES registry as loaded when the file loaded: `specialty`
 * the primary taxonomy code of the NPI's registry record (else, when the file names a specialty,
 * its slug), `state` the file's practice state (else the registry's practice state), `leader_key`
 * the leaderboard order (final score descending, then NPI, then PAC ID: unique).
 */
export const MipsRowSchema = z
  .object({
    layout: z.enum(['pdc_ec_score', 'qpp_experience']),
    npi: z.string(),
    org_pac_id: z.string().nullable(),
    last_name: z.string().nullable(),
    first_name: z.string().nullable(),
    score_source: z.string().nullable(),
    quality_score: z.number().nullable(),
    pi_score: z.number().nullable(),
    ia_score: z.number().nullable(),
    cost_score: z.number().nullable(),
    final_score: z.number().nullable(),
    final_score_without_cpb: z.number().nullable(),
    file_practice_state: z.string().nullable(),
    file_specialty: z.string().nullable(),
    medicare_patients: z.number().int().nullable(),
    source_row: z.record(z.string(), z.string()),
    specialty: z.string().nullable(),
    specialty_from: z.enum(['nppes_taxonomy', 'mips_file']).nullable(),
    state: z.string().nullable(),
    state_from: z.enum(['mips_file', 'nppes_practice_address']).nullable(),
    leader_key: z.string().nullable(),
    placed_with: z.string(),
  })
  .openapi('MipsRow');

export type MipsRow = z.infer<typeof MipsRowSchema> & { locator: { line: number; record: number } };

/** A specialty name as a path segment: lower-case words joined by `-` (`Internal Medicine` → `internal-medicine`). */
export const specialtySlug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The leaderboard order as one ascending string: final score descending (3 decimals), NPI, PAC ID. */
export function leaderKey(finalScore: number | null, npi: string, orgPacId: string | null): string | null {
  if (finalScore === null) return null;
  const inverted = 1_000_000 - Math.round(finalScore * 1000);
  return `${String(inverted).padStart(7, '0')}#${npi}#${orgPacId ?? ''}`;
}

export const QUALITY_METHODOLOGY = [
  'Source: CMS Merit-based Incentive Payment System (MIPS) performance files (`cms_qpp_mips`): the Provider Data Catalog "Clinician Public Reporting: Overall MIPS Performance" file (ec_score_file.csv: one row per clinician NPI and the group PAC ID it was scored under, with the final score and the quality, Promoting Interoperability, Improvement Activities and cost category scores) or the data.cms.gov QPP Experience file (one row per NPI and TIN, with practice state, specialty and Medicare patients).',
  'Scores are points out of 100 as published, for one performance year per file (published about two years after the year ends); a category a clinician was not scored in is null (reweighted), not zero. A final score is the highest of the individual, group, virtual-group or APM-entity scores CMS attributed to the NPI under that practice; it says nothing of a clinician outside Medicare Part B, and clinicians exempt from MIPS are absent.',
  "Specialty: the primary taxonomy code of the NPI in the NPPES registry as loaded when the MIPS file loaded (the Doctors and Clinicians file has no specialty column); only when the registry does not list the NPI is the file's own specialty used (QPP Experience file), as a lower-case slug. State: the file's practice state, else the registry's practice-location state. Volume (`min_volume`): Medicare patients, published only by the QPP Experience file: rows of the Doctors and Clinicians layout have none and are left out when `min_volume` is given.",
].join(' ');
