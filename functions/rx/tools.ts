import { type ToolSpec, tool } from '../../shared/http/tool-spec';
import { ASP_TOOLS } from './asp-tools';
import { DEMAND_TOOLS } from './demand-tools';
import { RX_INGREDIENT_TOOLS } from './ingredient-tools';
import { MEPS_TOOLS } from './meps-tools';
import { PRICE_LIST_TOOLS } from './price-list-tools';
import { SPENDING_TOOLS } from './spending-tools';

/** The drug economics reads as agent tools (shared/mcp). */
export const RX_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_summary',
    method: 'get',
    path: '/rx/summary',
    proves:
      'Which drug economics datasets hold data on the date, how many rows their versions in force hold, which sources are missing or stale and why, and how fresh each source is now. Use it first to know what the other rx tools can answer.',
  }),
  tool({
    name: 'rx_ndc_profile',
    method: 'get',
    path: '/rx/ndcs/{ndc11}',
    proves:
      'One NDC package (any common NDC form, answered as ndc11) from the FDA NDC Directory version in force on the date: product, labeler, dosage form, route, strengths, marketing dates and category, application number, with its latest NADAC per-unit cost and a status (active, obsolete or unknown to the sources in force) with the rule that decided it. Unknown is not proof the NDC does not exist.',
  }),
  tool({
    name: 'rx_nadac_series',
    method: 'get',
    path: '/rx/ndcs/{ndc11}/nadac',
    proves:
      "The change-only NADAC price series of one NDC as of the date: one point per weekly file where its per-unit cost or effective date changed, it entered or it left the file, each with the archived file it came from. NADAC is a survey of retail pharmacies' invoice costs, not a price paid by patients or plans.",
  }),
  tool({
    name: 'rx_nadac_movers',
    method: 'get',
    path: '/rx/nadac/movers',
    proves:
      'The NDCs whose NADAC per-unit cost moved the most in a window (at most 92 days), ranked by percent change, filtered by direction and minimum percent, each at its largest weekly move with the weekly files compared. Says whether the ranking is complete.',
  }),
  tool({
    name: 'rx_shortages',
    method: 'get',
    path: '/rx/shortages',
    proves:
      "FDA's drug shortages in the export in force on the date: each shortage's status (current, to be discontinued, resolved), categories, reasons, companies and the NDCs its presentations print, each presentation with its published row. A drug absent from FDA's list may still be short elsewhere (ASHP counts more).",
  }),
  ...SPENDING_TOOLS,
  ...DEMAND_TOOLS,
  ...MEPS_TOOLS,
  ...PRICE_LIST_TOOLS,
  ...ASP_TOOLS,
  ...RX_INGREDIENT_TOOLS,
];
