import { type ToolSpec, tool } from '../../shared/http/tool-spec';
import { COMPANY_TOOLS } from './companies-tools';
import { FACILITY_LIST_TOOLS } from './facility-list-tools';
import { PROFILE_TOOLS } from './profile-tools';
import { SYSTEMS_TOOLS } from './systems-tools';

/** The organization, hospital and finance reads as agent tools (shared/mcp). */
export const HOSPITALS_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'cost_reports',
    method: 'get',
    path: '/cost-reports/{ccn}',
    proves:
      "Lists a hospital's Medicare cost reports (HCRIS, Form CMS-2552-10) by fiscal year as CMS published them by the date, with status, period, processing and settlement dates, and which report the stated rule chooses for each year. A report's status says whether its figures are the hospital's unaudited submission or were settled by the contractor.",
  }),
  tool({
    name: 'cost_report_balance_sheet',
    method: 'get',
    path: '/cost-reports/{ccn}/balance-sheet',
    proves:
      'Worksheet G (balance sheet) of the chosen cost report: assets, liabilities and fund balances in dollars as the hospital filed them, each value naming its worksheet, line and column. An as-submitted report is unaudited; null means nothing was filed on that line.',
  }),
  tool({
    name: 'cost_report_charity_care',
    method: 'get',
    path: '/cost-reports/{ccn}/charity-care',
    proves:
      'Worksheet S-10 of the chosen cost report: cost-to-charge ratio, charity care charges and cost, bad debt and total uncompensated care cost as the hospital reported them, each value naming its line and column. Costs are charges times the hospital’s own cost-to-charge ratio, not audited spending.',
  }),
  tool({
    name: 'cost_report_cost_centers',
    method: 'get',
    path: '/cost-reports/{ccn}/cost-centers',
    proves:
      'Worksheet A of the chosen cost report: each cost center with its line, name as filed (or the form’s standard label), salaries, other and total expenses in dollars, before the cost report’s allocations.',
  }),
  ...FACILITY_LIST_TOOLS,
  ...PROFILE_TOOLS,
  ...SYSTEMS_TOOLS,
  ...COMPANY_TOOLS,
];
