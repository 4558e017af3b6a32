import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The Drugs@FDA and Orange Book reads as agent tools (shared/mcp). */
export const APPROVAL_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_approvals',
    method: 'get',
    path: '/rx/approvals',
    proves:
      'Drug applications (NDA, ANDA, BLA) from the Drugs@FDA release in force on the date, filtered by sponsor, drug name, active ingredient, application type and first-approval-date window, ordered by first approval date. A tentative approval (TA) is not an approval.',
  }),
  tool({
    name: 'rx_approval',
    method: 'get',
    path: '/rx/approvals/{appl_no}',
    proves:
      'One drug application from Drugs@FDA as of the date: sponsor, each product (form, strength, ingredient, therapeutic equivalence code, marketing status) and the full submission history (original and supplements, approved or tentative, with dates).',
  }),
  tool({
    name: 'rx_approved_products',
    method: 'get',
    path: '/rx/approved-products',
    proves:
      'Approved drug products from the Orange Book release in force on the date, filtered by trade name, ingredient, applicant, application type (N brand, A generic), product type (RX, OTC, DISCN) and therapeutic equivalence code.',
  }),
  tool({
    name: 'rx_launch_radar',
    method: 'get',
    path: '/rx/approved-products/launch-radar',
    proves:
      'Brand products with no marketed generic of the same ingredient, form, route and strength in the Orange Book release in force, ordered by loss_of_exclusivity: an outer bound (the latest listed patent or exclusivity date), not a predicted generic launch date.',
  }),
];
