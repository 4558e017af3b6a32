import type { RegistryProvider } from '../providers/record';
import { organizationKey, personKey } from './names';
import type { ExclusionRecord } from './record';

/**
 * Matching a person or entity against exclusion rows (issue 11, point 3). Pure.
 *
 * - By NPI: a row carrying the subject's NPI matches (`npi`).
 * - Otherwise by normalized name (names.ts) plus state: the row's address state or its list's
 *   state must be one of the subject's states (`name_state`); when both sides publish a date of
 *   birth it must agree (`name_state_dob`). Without a comparable state on both sides, a name matches
 *   only with an agreeing date of birth (`name_dob`).
 * - A row that carries NPIs, none of them the subject's NPI, never matches by name: it is another
 *   provider with the same name.
 *
 * The subject's names and states come from the request and, for an NPI, from the provider
 * registry; each hit says which.
 */
export type MatchMethod = 'npi' | 'name_state_dob' | 'name_state' | 'name_dob';

export interface MatchInfo {
  method: MatchMethod;
  /** The subject's fields the row agreed on. */
  on: string[];
  /** Where the matched name came from (null for an NPI match). */
  name_source: 'input' | 'registry' | null;
}

export interface SubjectInput {
  npi?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  organization_name?: string | null;
  state?: string | null;
  dob?: string | null;
}

export interface Subject {
  npi: string | null;
  names: { key: string; source: 'input' | 'registry' }[];
  states: string[];
  dob: string | null;
}

/** The subject a screen input stands for, with the registry's names and states for its NPI. */
export function subjectOf(input: SubjectInput, registry?: RegistryProvider): Subject {
  const names = new Map<string, 'input' | 'registry'>();
  const add = (key: string | null, source: 'input' | 'registry') => {
    if (key && !names.has(key)) names.set(key, source);
  };
  add(personKey(input.last_name, input.first_name), 'input');
  add(organizationKey(input.organization_name), 'input');
  if (registry) {
    if (registry.entity_type !== 'organization') add(personKey(registry.last_name, registry.first_name), 'registry');
    if (registry.entity_type !== 'individual') add(organizationKey(registry.organization_name), 'registry');
    for (const other of registry.other_names) add(organizationKey(other), 'registry');
  }
  const given = input.state?.toUpperCase();
  const states = given
    ? [given]
    : [...new Set([registry?.practice_state, registry?.mailing_state].filter((s): s is string => !!s))];
  return {
    npi: input.npi ?? null,
    names: [...names].map(([key, source]) => ({ key, source })),
    states,
    dob: input.dob ?? null,
  };
}

/** How a row found by NPI matches, if it does. */
export function matchByNpi(subject: Subject, row: ExclusionRecord): MatchInfo | null {
  return subject.npi && row.npis.includes(subject.npi) ? { method: 'npi', on: ['npi'], name_source: null } : null;
}

/** How a row found under one of the subject's name keys matches, if it does. */
export function matchByName(subject: Subject, row: ExclusionRecord, key: string): MatchInfo | null {
  const name = subject.names.find((n) => n.key === key);
  if (!name) return null;
  if (subject.npi && row.npis.length > 0) return null;
  const dobBoth = !!(subject.dob && row.dob);
  if (dobBoth && subject.dob !== row.dob) return null;
  const rowStates = [row.state, row.list_state].filter((s): s is string => !!s);
  if (subject.states.length && rowStates.length) {
    if (!rowStates.some((s) => subject.states.includes(s))) return null;
    return dobBoth
      ? { method: 'name_state_dob', on: ['name', 'state', 'dob'], name_source: name.source }
      : { method: 'name_state', on: ['name', 'state'], name_source: name.source };
  }
  return dobBoth ? { method: 'name_dob', on: ['name', 'dob'], name_source: name.source } : null;
}

/** Stronger evidence first: an NPI, then name with state and birth date, then the rest. */
export const METHOD_RANK: Record<MatchMethod, number> = { npi: 0, name_state_dob: 1, name_dob: 2, name_state: 3 };
