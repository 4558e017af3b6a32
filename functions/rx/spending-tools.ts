import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The spending-by-drug reads as agent tools (shared/mcp). */
export const SPENDING_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_spending',
    method: 'get',
    path: '/rx/spending',
    proves:
      'Gross spending, dosage units, claims and beneficiaries per drug and year in Medicare Part D, Medicare Part B (by HCPCS code) and Medicaid, overall or per manufacturer, from the CMS Spending by Drug release in force on the date (named in the answer). Spending is before manufacturer and Medicaid rebates, so it is not net cost; suppressed counts stay null with their reason.',
  }),
  tool({
    name: 'rx_spending_top',
    method: 'get',
    path: '/rx/spending/top',
    proves:
      'The top drugs of one program and year by total spending, spending per dosage unit, spending growth, beneficiaries or claims, from the CMS Spending by Drug release in force on the date. Gross of rebates; a ranking of one release, not of net cost.',
  }),
];
