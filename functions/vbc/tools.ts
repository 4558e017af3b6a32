import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The value-based-care reads (HRRP, MSSP, ACO REACH) as agent tools (shared/mcp). */
export const VBC_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'hrrp_hospitals',
    method: 'get',
    path: '/vbc/hrrp',
    proves:
      "Lists hospitals in the Hospital Readmissions Reduction Program for the fiscal year in force on the date, each with CMS's payment adjustment factor and payment_reduction_pct, filtered by state and penalty, with the file versions used. A null penalty means the supplemental file does not list the hospital, not that it escaped a penalty.",
  }),
  tool({
    name: 'hrrp_hospital',
    method: 'get',
    path: '/vbc/hrrp/{ccn}',
    proves:
      "One hospital's readmission penalty for the fiscal year in force: factor, payment_reduction_pct, peer group, the conditions that drove it, and the published supplemental row.",
  }),
  tool({
    name: 'hrrp_measures',
    method: 'get',
    path: '/vbc/hrrp/{ccn}/measures',
    proves:
      'Per-condition excess readmission ratios, predicted and expected rates (percent), discharges and readmissions of one hospital, each with the published row. "Too Few to Report" and N/A stay explicit statuses, never numbers.',
  }),
  tool({
    name: 'mssp_results',
    method: 'get',
    path: '/vbc/financials',
    proves:
      "Lists Medicare Shared Savings Program ACO results per performance year (filter year, track, state; sort=losses for spending above benchmark), rates in percent across years, each row with the published row as-is, the quality score note and how an ACO ID was linked (the file's ID; the pre-2019 encrypted ACO number through CMS's ACO ID Crosswalk; or by name with a confidence) for years whose file has no ACO ID.",
  }),
  tool({
    name: 'mssp_summary',
    method: 'get',
    path: '/vbc/financials/summary',
    proves:
      'MSSP results rolled up by performance year and track: ACO counts, ACOs earning savings, beneficiaries, earned savings, owed losses, mean and median savings rate.',
  }),
  tool({
    name: 'aco_financials',
    method: 'get',
    path: '/vbc/acos/{aco_id}/financials',
    proves:
      "One ACO's results across performance years (PY2013 on) by its ACO ID or its pre-2019 ACO number, with crosswalk-linked rows of the years that published ACO numbers, name-linked rows of years without IDs (and their confidence) and name matches shared with another ID listed apart, never claimed.",
  }),
  tool({
    name: 'reach_entities',
    method: 'get',
    path: '/vbc/reach',
    proves:
      'Lists ACO REACH (formerly GPDC) risk-sharing entities of a performance year (default the latest released) with their benchmark, spending, gross and shared savings or losses, savings rate and quality score in percent, entity type and risk arrangement, participant and preferred provider counts, and the published row as-is; filter by entity_type and risk_arrangement, sort by shared_savings, losses and others.',
  }),
  tool({
    name: 'reach_entity',
    method: 'get',
    path: '/vbc/reach/{entity_id}',
    proves:
      "One ACO REACH entity (D and four digits) for a performance year: its financial and quality results (null until that year's results are released) and a page of its participant and preferred providers with NPI, TIN and CCN where published, paged by provider_limit/provider_offset with provider_total.",
  }),
];
