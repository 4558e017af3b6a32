/**
 * What a REACH quality score means in a given performance year (`qual_score_note`): the model
 * moved from pay for reporting (GPDC, PY2021-PY2022) to pay for performance (ACO REACH, PY2023 on).
 */
export function qualScoreNote(performanceYear: number, published: string | null, numeric: boolean): string {
  if (!numeric)
    return `No quality score is published for this entity in PY${performanceYear}${published ? ` (published "${published}")` : ''}; quality_score_pct is null, neither 0 nor 100.`;
  if (performanceYear <= 2022)
    return `Quality score of PY${performanceYear} (GPDC), in percent: the quality withhold was earned back by pay for reporting in the GPDC years, so the score reflects complete reporting more than performance and does not compare with ACO REACH years.`;
  return `Quality score of PY${performanceYear} (ACO REACH), in percent: pay for performance on the claims-based measures (readmissions, unplanned admissions, timely follow-up or days at home for High Needs entities) and CAHPS; it decides how much of the quality withhold the entity earns back.`;
}
