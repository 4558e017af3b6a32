import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The construction-signal reads as agent tools (shared/mcp). */
export const SIGNALS_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'construction_signals',
    method: 'get',
    path: '/signals',
    proves:
      'Lists health-facility construction signals (building permits and projects as filed) in force on the date, filtered by state, city, category, minimum declared value and recency, each with its hospital match (CCN, confidence and method, or the candidates when ambiguous), the duplicate filings merged into it and the published row. A declared value is the applicant’s estimate, not a final cost; an unmatched signal is not proof no hospital is involved.',
  }),
  tool({
    name: 'construction_signals_summary',
    method: 'get',
    path: '/signals/summary',
    proves:
      'Counts and declared dollars of health-facility construction signals per state and category, computed when each feed version loaded, with the versions used. Covers only the feeds loaded (named in sources), not every state.',
  }),
];
