import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** /rx/demand as an agent tool (spread into RX_TOOLS). */
export const DEMAND_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_demand',
    method: 'get',
    path: '/rx/demand',
    proves:
      'Medicare Part D claims, fills, cost and beneficiaries of a drug summed per county or per metro (CBSA) for a data year, from the CMS prescriber-by-drug release in force on the date, prescribers placed by their NPPES practice ZIP through the HUD ZIP crosswalk. Counts CMS suppressed (under 11) stay null; Part D only (no Part B, Medicaid or commercial fills), and prescribers with fewer than 11 claims of a drug are absent.',
  }),
];
