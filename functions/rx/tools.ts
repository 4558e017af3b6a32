import { type ToolSpec, tool } from '../../shared/http/tool-spec';
import { RX_INGREDIENT_TOOLS } from './ingredient-tools';

/** The drug economics reads as agent tools (shared/mcp). */
export const RX_TOOLS: readonly ToolSpec[] = [
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
  ...RX_INGREDIENT_TOOLS,
];
