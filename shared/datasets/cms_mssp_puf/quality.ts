/**
 * What an MSSP quality score means in a given performance year (`qual_score_note`): the scale and
 * the rules changed over the years, and some rows carry no score at all.
 */
export function qualScoreNote(performanceYear: number, published: string, numeric: boolean): string {
  const p = published.trim().toUpperCase();
  if (p === 'P4R' || p === 'PAY FOR REPORTING')
    return `Pay for reporting (published "${published.trim()}"): in the first performance year of its agreement an ACO meets the quality standard by complete and accurate reporting alone, and CMS publishes no score; quality_score_pct is null, neither 0 nor 100.`;
  if (!numeric)
    return `No quality score is published for this ACO in PY${performanceYear} (published "${published}"); quality_score_pct is null.`;
  if (performanceYear <= 2013)
    return 'PY2013 was pay for reporting for every ACO: the score is 100 for complete and accurate reporting, else 0.';
  if (performanceYear <= 2020)
    return `Quality score of PY${performanceYear}, in percent: the share of the available quality points the ACO earned on that year's Shared Savings Program measure set; it multiplies the maximum sharing rate. Measure sets changed between years, so scores compare only roughly across years.`;
  return `Quality score of PY${performanceYear}, in percent: from PY2021 quality is reported through the APM Performance Pathway (APP) and the score is the ACO's MIPS quality performance score; it decides the quality performance standard by percentile thresholds rather than scaling savings as before PY2021, so it does not compare with earlier years' scores.`;
}
