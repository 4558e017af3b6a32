import { matchByName, matchByNpi, subjectOf } from '../../../shared/exclusions/match';
import { type ExclusionRecord, emptyRecord, inForceOn } from '../../../shared/exclusions/record';
import type { RegistryProvider } from '../../../shared/providers/record';

const row = (o: Partial<ExclusionRecord>): ExclusionRecord => ({
  ...emptyRecord('state', 'NJ', { line: 2, record: 1 }),
  entity_type: 'individual',
  name: 'BRANNIGAN, MARCIA',
  last_name: 'BRANNIGAN',
  first_name: 'MARCIA',
  ...o,
});
const KEY = 'I|BRANNIGAN|MARCIA';

describe('matching', () => {
  it('matches by NPI when the row carries the subject NPI', () => {
    const s = subjectOf({ npi: '1467392050' });
    expect(matchByNpi(s, row({ npis: ['1467392050'] }))).toEqual({ method: 'npi', on: ['npi'], name_source: null });
    expect(matchByNpi(s, row({ npis: ['1203847565'] }))).toBeNull();
  });

  it('matches by name plus state (the row address or the list state)', () => {
    const s = subjectOf({ last_name: 'Brannigan', first_name: 'Marcia', state: 'oh' });
    expect(matchByName(s, row({ state: 'OH' }), KEY)?.method).toBe('name_state');
    expect(
      matchByName(subjectOf({ last_name: 'Brannigan', first_name: 'Marcia', state: 'NJ' }), row({}), KEY)?.method,
    ).toBe('name_state');
    expect(matchByName(s, row({ state: 'PA', list_state: 'PA' }), KEY)).toBeNull();
  });

  it('requires an agreeing date of birth when both publish one', () => {
    const s = subjectOf({ last_name: 'Brannigan', first_name: 'Marcia', state: 'OH', dob: '1965-07-08' });
    expect(matchByName(s, row({ state: 'OH', dob: '1965-07-08' }), KEY)?.method).toBe('name_state_dob');
    expect(matchByName(s, row({ state: 'OH', dob: '1970-01-01' }), KEY)).toBeNull();
    const noState = subjectOf({ last_name: 'Brannigan', first_name: 'Marcia', dob: '1965-07-08' });
    expect(
      matchByName(noState, row({ list: 'federal', list_state: null, state: null, dob: '1965-07-08' }), KEY)?.method,
    ).toBe('name_dob');
    expect(matchByName(noState, row({ list: 'federal', list_state: null, state: null }), KEY)).toBeNull();
  });

  it('never matches by name a row whose NPIs are all another provider’s', () => {
    const s = subjectOf({ npi: '1467392050', last_name: 'Brannigan', first_name: 'Marcia', state: 'OH' });
    expect(matchByName(s, row({ state: 'OH', npis: ['1203847565'] }), KEY)).toBeNull();
  });

  it('takes names and states from the registry for an NPI, and says so', () => {
    const reg = {
      npi: '1467392050',
      entity_type: 'individual',
      last_name: 'BRANNIGAN',
      first_name: 'MARCIA',
      organization_name: null,
      other_names: [],
      practice_state: 'OH',
      mailing_state: 'OH',
    } as unknown as RegistryProvider;
    const s = subjectOf({ npi: '1467392050' }, reg);
    expect(s.names).toEqual([{ key: KEY, source: 'registry' }]);
    expect(s.states).toEqual(['OH']);
    expect(matchByName(s, row({ state: 'OH' }), KEY)).toEqual({
      method: 'name_state',
      on: ['name', 'state'],
      name_source: 'registry',
    });
  });

  it('an exclusion is in force from its start until (not on) its end date', () => {
    const r = { start_date: '2023-03-01', end_date: '2025-03-31' };
    expect(inForceOn(r, '2023-02-28')).toBe(false);
    expect(inForceOn(r, '2023-03-01')).toBe(true);
    expect(inForceOn(r, '2025-03-30')).toBe(true);
    expect(inForceOn(r, '2025-03-31')).toBe(false);
    expect(inForceOn({ start_date: null, end_date: null }, '1990-01-01')).toBe(true);
  });
});
