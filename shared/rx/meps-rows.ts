import { z } from '@hono/zod-openapi';
import { MEPS_SEGMENTS } from './meps-segments';

/** The persons of the full-year consolidated files (what a fill's segment is read from). */
export const MEPS_PERSONS_DATASET = 'meps_persons';
/** The person-by-drug rows of the prescribed-medicines files, placed in a segment, and their rollups. */
export const MEPS_MIX_DATASET = 'meps_mix';

export const MEPS_ROLLUPS = {
  bySegment: 'mix_by_segment',
  all: 'mix_all',
  segmentTotals: 'totals_by_segment',
  allTotals: 'totals_all',
} as const;

/**
 * AHRQ's MEPS summary tables withhold an estimate drawn from fewer than 60 sample persons; the
 * rollups hide their figures under this count (`suppressBelow`).
 */
export const MEPS_MIN_SAMPLE = 60;

export const MepsSegmentSchema = z.enum(MEPS_SEGMENTS).openapi('MepsSegment');

/** A person's key in the persons dataset: the data year and DUPERSID (ids are reused across years). */
export const personKey = (year: number, dupersid: string) => `${year}:${dupersid}`;

/** One stored row: a sampled person's acquisitions of one drug in a year, weighted, in the person's segment. */
export const MepsMixRowSchema = z.object({
  data_year: z.number().int(),
  dupersid: z.string(),
  drug: z.string(),
  segment: z.union([MepsSegmentSchema, z.literal('not_linked')]),
  fills: z.number().int(),
  person_weight: z.number(),
  weighted_fills: z.number(),
  weighted_expenditure: z.number(),
  weighted_out_of_pocket: z.number(),
  /** The persons file version the segment came from (`ahrq_meps_pmed:<version_id>`), or `none`. */
  placed_with: z.string(),
});
export type MepsMixRow = z.infer<typeof MepsMixRowSchema> & { locator: { line: number; record: number } };

export const MEPS_METHODOLOGY = `From AHRQ's Medical Expenditure Panel Survey, Household Component (source ahrq_meps_pmed): the prescribed-medicines file of each data year (HC-xxxA: one record per household-reported acquisition of a prescribed medicine, with payments verified from pharmacies) and the same year's full-year consolidated file (HC-xxx), joined by DUPERSID within the year. Weighted: every figure is a sum over sample persons of their full-year person weight (PERWTyyF), so it estimates the U.S. civilian noninstitutionalized population; persons with a zero person weight (in the file only through a family weight) are left out. \`weighted_fills\` estimates acquisitions (a refill counts once per purchase, whatever its days supply), \`weighted_expenditure\` total payments from all sources (RXXPyyX) and \`weighted_out_of_pocket\` self or family payments (RXSFyyX), in dollars of the data year. Segments from the consolidated file: age 65 and over (AGEyyX, else AGELAST) is \`age_65_plus\` whatever the coverage; under 65, INSCOVyy 1 (any private coverage during the year) is \`private_under_65\`, 2 \`public_only_under_65\`, 3 \`uninsured_under_65\`; reserved codes are \`not_classified\`, and a person missing from the consolidated file \`not_linked\`; \`all\` is every person. Drugs are Multum generic names as AHRQ published them (RXDRGNAM: combinations are one name, e.g. \`AMLODIPINE-BENAZEPRIL\`), not RxNorm ingredients. Precision: figures from fewer than ${MEPS_MIN_SAMPLE} sample persons are withheld (\`suppressed\`), following AHRQ's summary-table rule; standard errors need the design variables (VARSTR, VARPSU) and are not computed, so a published figure can still have a relative standard error above AHRQ's 30 % flag. Lag: a data year is released about 20 months after it ends. Scope: household-reported outpatient prescriptions; inpatient and clinic-administered drugs, and people in institutions or the military, are outside the survey. Median generic acquisition cost: NADAC (the weekly file in force on \`as_of\`) of the NDCs RxNorm links to the ingredient whose name equals the drug name (single-ingredient names only), one median per pricing unit; null with the reason when the name does not match one RxNorm ingredient.`;
