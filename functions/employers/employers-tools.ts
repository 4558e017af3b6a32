import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The Form 5500 employer reads as agent tools (spread into RX_TOOLS). */
export const EMPLOYER_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'rx_employers',
    method: 'get',
    path: '/rx/employers',
    proves:
      "Employer health plans from Form 5500 filings of a plan year: funding class (self-funded only, with stop-loss, insured only), the PBM named on Schedule C with its disclosed fees, drug-coverage carriers, and whether PBM and carrier share a parent. Small insured plans do not file; disclosed PBM fees are only Schedule C's reportable compensation (a floor, often zero).",
  }),
  tool({
    name: 'rx_employer',
    method: 'get',
    path: '/rx/employers/{ein}',
    proves:
      "One sponsor's (by EIN) health plans and their Form 5500 filings by plan year, each with funding class, PBM, carriers, integration class and the archived row it came from.",
  }),
  tool({
    name: 'rx_employer_metros',
    method: 'get',
    path: '/rx/employers/metros',
    proves:
      'Form 5500 health plans, active participants and disclosed PBM fees summed per metro (CBSA of the sponsor mailing ZIP) for a plan year; a metro counts sponsors mailing from it, not where employees live.',
  }),
  tool({
    name: 'rx_employer_integration',
    method: 'get',
    path: '/rx/employers/integration',
    proves:
      'How many Form 5500 health plans (and active participants, disclosed PBM fees) have a PBM sharing a parent with their carrier, Blue-affiliated, different or unclassified, by class and parent, plus the largest plans.',
  }),
  tool({
    name: 'rx_pbms',
    method: 'get',
    path: '/rx/pbms',
    proves:
      'Per PBM (names normalized across spellings, mapping shown): Form 5500 health plans naming it on Schedule C, their active participants and the compensation disclosed to it for a plan year.',
  }),
];
