import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The ingredient reads as agent tools (shared/mcp). */
export const RX_INGREDIENT_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_ingredients',
    method: 'get',
    path: '/rx/ingredients',
    proves:
      'RxNorm drug ingredients found by name prefix or words, each with its NDC count in RxNorm, how many of those NDCs the FDA NDC Directory lists as active, and the median NADAC per unit of its generic NDCs per pricing unit (never pooled across units) with the NDC count. Spending, price-list and shortage links are marked pending.',
  }),
  tool({
    name: 'rx_ingredient',
    method: 'get',
    path: '/rx/ingredients/{rxcui}',
    proves:
      'One RxNorm ingredient by RXCUI with its NDCs (drug concept, active/obsolete/unknown status, NADAC rate), NDC counts and the median generic acquisition cost per pricing unit, from the RxNorm release, FDA NDC Directory and NADAC file in force on the date. NADAC is an acquisition cost, not a price paid by patients or plans.',
  }),
];
