/**
 * The figures of /quality/systems/{system_id} (shared/providers/system-quality.ts), pure: summary
 * statistics of final scores, the score bands and the clinician order. Each clinician is one value
 * (its best final score of the performance year), however many hospitals or practices list it.
 */

/** Score bands (points out of 100), lower bound inclusive, upper exclusive but for the last (100 included). */
export const SCORE_BANDS: readonly { band: string; from: number; to: number }[] = [
  { band: '0-24.99', from: 0, to: 25 },
  { band: '25-49.99', from: 25, to: 50 },
  { band: '50-74.99', from: 50, to: 75 },
  { band: '75-89.99', from: 75, to: 90 },
  { band: '90-100', from: 90, to: 100 },
];

export interface ScoreSummary {
  count: number;
  mean: number | null;
  median: number | null;
  min: number | null;
  max: number | null;
}

/** Two decimals, as the files publish scores. */
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Count, mean, median (mean of the two middle values of an even count), min and max; nulls when empty. */
export function summarize(values: readonly number[]): ScoreSummary {
  if (!values.length) return { count: 0, mean: null, median: null, min: null, max: null };
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  return {
    count: s.length,
    mean: round2(s.reduce((a, b) => a + b, 0) / s.length),
    median: round2(median),
    min: s[0]!,
    max: s[s.length - 1]!,
  };
}

/** Clinicians per band; a score outside 0-100 (never published) falls in no band. */
export function distribution(values: readonly number[]) {
  return SCORE_BANDS.map((b, i) => ({
    ...b,
    clinicians: values.filter((v) => v >= b.from && (v < b.to || (i === SCORE_BANDS.length - 1 && v === b.to))).length,
  }));
}

/** The clinician order: final score descending, unscored last, then NPI (unique: each NPI is listed once). */
export function byScoreThenNpi<T extends { npi: string; final_score: number | null }>(a: T, b: T): number {
  if (a.final_score !== b.final_score) {
    if (a.final_score === null) return 1;
    if (b.final_score === null) return -1;
    return b.final_score - a.final_score;
  }
  return a.npi < b.npi ? -1 : a.npi > b.npi ? 1 : 0;
}

/**
 * `rank` (position) and `tie_rank` (competition rank: 1 + clinicians with a strictly higher score;
 * null when unscored) over the whole ordered list.
 */
export function ranked<T extends { final_score: number | null }>(
  ordered: readonly T[],
): (T & { rank: number; tie_rank: number | null })[] {
  let tie = 0;
  let last: number | null = null;
  return ordered.map((c, i) => {
    if (i === 0 || c.final_score !== last) tie = i + 1;
    last = c.final_score;
    return { ...c, rank: i + 1, tie_rank: c.final_score === null ? null : tie };
  });
}
