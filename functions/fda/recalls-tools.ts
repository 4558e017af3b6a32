import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The recall reads as agent tools (shared/mcp). */
export const RECALL_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_recalls',
    method: 'get',
    path: '/rx/recalls',
    proves:
      "FDA drug recall enforcement reports (openFDA) in force on the date, filtered by NDC (matched from openFDA's structured package NDCs and from the NDCs printed in the product description; match_stats counts each method), ingredient, recalling firm, hazard class (Class I, II, III), status (Ongoing, Completed, Terminated) and report-date window.",
  }),
];
