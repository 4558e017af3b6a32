import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** /rx/asp and /rx/biosimilars as agent tools (spread into RX_TOOLS). */
export const ASP_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_asp_payment_limits',
    method: 'get',
    path: '/rx/asp',
    proves:
      'The Medicare Part B payment limit (dollars per HCPCS billing unit) and coinsurance of drug codes in the CMS ASP file of the quarter in force on the date, found by descriptor words, HCPCS code, or an NDC matched through the same quarter’s NDC-HCPCS crosswalk. A payment limit is what Part B pays per billing unit, not what a provider paid.',
  }),
  tool({
    name: 'rx_biosimilars',
    method: 'get',
    path: '/rx/biosimilars',
    proves:
      'Each FDA-licensed biosimilar or interchangeable (Purple Book, 351(k)) beside its stated reference product, the reference product’s Part B payment limit and the biosimilar’s own ASP code, each ASP link a name match on the CMS descriptor with its rule and confidence. Licensed is not launched.',
  }),
];
