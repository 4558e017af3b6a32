import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The clinical-trial reads as agent tools (shared/mcp). */
export const TRIALS_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'clinical_trials_search',
    method: 'get',
    path: '/clinical-trials',
    proves:
      'Lists ClinicalTrials.gov studies of the set archived and in force on the date, filtered by condition, status, phase, sponsor, site state, city or ZIP and last-update window, with the archived set version used. An empty list means no registered study matched in that set, not that no trial exists elsewhere; total is the exact count of the whole search.',
  }),
  tool({
    name: 'clinical_trial',
    method: 'get',
    path: '/clinical-trials/{nct_id}',
    proves:
      'One study as its sponsor registered it on ClinicalTrials.gov: status, phases, conditions, interventions, sponsor and collaborators, dates, enrollment, sites with facility, city, state and ZIP, and officials as given, with the archived page it was read from. Investigators are names as registered; npi_links gives NPPES candidates found by name and place with a confidence, and an NPI only where one candidate alone is strong (a match, not a registered identifier). ccn_links gives each US site’s hospital candidates from the CMS hospital general information file in force on the date, found by facility name and ZIP or city with a confidence and method, and a CCN only where one hospital clearly wins (a match, not a registered identifier); a gap when that file is not loaded for the date.',
  }),
];
