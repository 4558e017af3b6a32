import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The public-company and M&A reads as agent tools (shared/mcp). */
export const COMPANY_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'company_financials',
    method: 'get',
    path: '/companies/{ticker}',
    proves:
      "A public healthcare company's financial figures by period (revenue, operating and net income, operating cash flow, assets, liabilities, equity, cash, long-term debt) as its XBRL filings with the SEC reported them, each naming the 10-K or 10-Q it came from. Companies pick their own XBRL concepts, so figures compare across companies only roughly.",
  }),
  tool({
    name: 'company_search',
    method: 'get',
    path: '/companies/search',
    proves:
      'Which public companies with a healthcare SIC code (hospitals, health services, health plans, pharma, devices, drug distribution) match a name, ticker, SIC code or state of incorporation in SEC EDGAR, with their latest annual figures.',
  }),
  tool({
    name: 'ma_events_recent',
    method: 'get',
    path: '/ma-events/recent',
    proves:
      'Recent acquisitions and divestitures of healthcare companies and Medicare facilities: 8-K item 2.01 filings with the SEC and CMS change-of-ownership records, merged when the names and dates match (the match rule and confidence are shown). Covers completed deals only, healthcare SEC filers and Medicare-enrolled hospitals and nursing facilities only.',
  }),
];
