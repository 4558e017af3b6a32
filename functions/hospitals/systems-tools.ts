import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The health-system reads as agent tools (shared/mcp). */
export const SYSTEMS_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'health_system',
    method: 'get',
    path: '/systems/{id}',
    proves:
      'A U.S. health system as the AHRQ Compendium release in force describes it (home office, counts of hospitals, physicians and beds) with its hospitals by CCN, and the EINs of its Form 990 filers from a curated table with citations (or the SEC CIK of a for-profit parent). AHRQ publishes no EIN: the link is curated, not AHRQ’s.',
  }),
  tool({
    name: 'health_system_financials',
    method: 'get',
    path: '/systems/{id}/financials',
    proves:
      "A nonprofit health system's Form 990 filings by filer and fiscal year as the IRS published them: total revenue, expenses, assets, liabilities and net assets, and Schedule H financial assistance at cost and community benefit. An amended return replaces the original. Filers overlap, so figures are not summed. For-profit systems answer with a gap: their figures come from SEC filings.",
  }),
  tool({
    name: 'health_system_executives',
    method: 'get',
    path: '/systems/{id}/financials/executives',
    proves:
      "The compensation a nonprofit health system's filers reported on Form 990 Schedule J for one fiscal year: each officer, key employee or highest-paid employee over $150,000 with base, bonus, other, deferred and nontaxable pay. Calendar-year pay of the year the tax period ends in, as filed, not audited.",
  }),
  tool({
    name: 'health_system_workforce',
    method: 'get',
    path: '/systems/{id}/financials/workforce',
    proves:
      "The employee and volunteer counts a nonprofit health system's filers reported on Form 990 by fiscal year (Forms W-2 issued for the calendar year): headcounts, not full-time equivalents.",
  }),
];
