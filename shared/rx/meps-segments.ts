/**
 * The person segments of the MEPS drug mix, derived from the full-year consolidated file's age and
 * coverage summary (the rule is `segmentOf` in shared/datasets/ahrq_meps_pmed/parser.ts).
 */
export const MEPS_SEGMENTS = [
  'private_under_65',
  'public_only_under_65',
  'uninsured_under_65',
  'age_65_plus',
  'not_classified',
] as const;
export type MepsSegment = (typeof MEPS_SEGMENTS)[number];
