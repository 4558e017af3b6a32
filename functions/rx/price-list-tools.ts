import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The price-list reads as agent tools (shared/mcp), spread into RX_TOOLS. */
export const PRICE_LIST_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_price_list',
    method: 'get',
    path: '/rx/price-list',
    proves:
      "Products of Cost Plus Drugs' public price list as of the date (a dated snapshot), filtered by name, NDC, form or unit price, each with its published unit price in dollars, the acquisition cost implied by the vendor's published formula in force on the snapshot's date (named version), and the NADAC per-unit cost of its listed NDC. A cash price of one vendor, not what plans or other pharmacies charge.",
  }),
  tool({
    name: 'rx_price_list_product',
    method: 'get',
    path: '/rx/price-list/{slug}',
    proves:
      'One Cost Plus Drugs product by slug as of the date, beside its implied and NADAC acquisition cost, with its change-only price history across the archived snapshots (each point names the snapshot).',
  }),
];
