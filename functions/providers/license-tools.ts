import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The licence and discipline reads as agent tools (shared/mcp). */
export const LICENSE_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'provider_licenses',
    method: 'get',
    path: '/licenses/{npi}',
    proves:
      'The state licences a provider registered in NPPES and the licence rows of the held state board files (WA, CO, NY) tied to the NPI by licence number and last name, each with the board\u2019s status and dates where held and the board\u2019s lookup page. Not a primary-source verification: other states are not held; check verify_at.',
  }),
  tool({
    name: 'provider_disciplinary_actions',
    method: 'get',
    path: '/licenses/{npi}/disciplinary',
    proves:
      'Disciplinary actions the held state board files (WA flags, CO program actions, NY medical conduct actions) publish against licences tied to the NPI. An empty list proves nothing for states not held (states_not_held lists them with their board pages).',
  }),
  tool({
    name: 'license_alerts_recent',
    method: 'get',
    path: '/licenses/alerts/recent',
    proves:
      'Disciplinary actions the held state board files dated within a window, newest first, optionally by state and profession, each with its board page. Only dated actions of the held states appear.',
  }),
  tool({
    name: 'license_state',
    method: 'get',
    path: '/licenses/state/{state}',
    proves:
      'Which licensing board data this service holds for a state (coverage, vintage, counts) and the board\u2019s lookup and disciplinary pages; a state without an adapter says no bulk data is held.',
  }),
  tool({
    name: 'discipline_coverage',
    method: 'get',
    path: '/accuracy/discipline-coverage',
    proves:
      'How many disciplinary actions each held state file shows beside the NPDB\u2019s adverse action reports for practitioners licensed in that state: an indicator of coverage, not a completeness rate (the two count different things). Counts below 11 are withheld.',
  }),
];
