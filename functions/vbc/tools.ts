import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The HRRP reads as agent tools (shared/mcp). */
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
];
