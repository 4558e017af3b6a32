import { type ToolSpec, tool } from '../../shared/http/tool-spec';

const UNKNOWN =
  '`excluded: null` is not a clearance: a list that had to answer has no version in force, is stale or is not loaded, and the answer names it.';

/** The exclusion reads (OIG LEIE, SAM.gov and the state Medicaid lists), as agent tools (shared/mcp). */
export const EXCLUSION_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'exclusion_screen',
    method: 'post',
    path: '/exclusions/screen',
    proves: `Screens up to 1,000 people or entities against the federal and state lists in force on the date, each hit with the list version it came from. ${UNKNOWN}`,
  }),
  tool({
    name: 'exclusions_comprehensive',
    method: 'get',
    path: '/exclusions/comprehensive/{npi}',
    proves: `Proves whether the NPI is excluded on the date by the federal lists or any loaded state list, naming each list version consulted. ${UNKNOWN}`,
  }),
  tool({
    name: 'exclusions_state',
    method: 'get',
    path: '/exclusions/state/{npi}',
    proves: `The state exclusions in force for the NPI on the date, each with its list version. ${UNKNOWN}`,
  }),
  tool({
    name: 'exclusions_crossref',
    method: 'get',
    path: '/exclusions/crossref/{npi}',
    proves:
      'Every federal and state exclusion record matching the NPI, in force or not (reinstated ones included), with a risk flag and its reason: history, not only the current standing. No record means none of the lists loaded for the date holds the NPI; it is not a clearance for a list that is not loaded or has no version in force (exclusions_coverage names them).',
  }),
  tool({
    name: 'exclusions_state_search',
    method: 'get',
    path: '/exclusions/state/search',
    proves:
      'Rows of the state lists matching a name, state or entity type, with the version each came from. No row means no match in the lists loaded for the date, which coverage names.',
  }),
  tool({
    name: 'exclusions_coverage',
    method: 'get',
    path: '/exclusions/state/coverage',
    proves:
      'Which exclusion lists are loaded and in force on the date, their version, age and row count: what a screen on that date can and cannot prove.',
  }),
];
