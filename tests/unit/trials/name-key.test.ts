import { nameKey, parsePersonName, personToken, registryNameTokens } from '../../../shared/providers/name-key';
import type { RegistryProvider } from '../../../shared/providers/record';

describe('person names as trial records write them', () => {
  it.each([
    ['Ravi Patel, MD', { first: 'ravi', middle: [], last: 'patel' }],
    ['Lena Fischer, MD, PhD', { first: 'lena', middle: [], last: 'fischer' }],
    ['Dr. John A. Smith Jr.', { first: 'john', middle: ['a'], last: 'smith' }],
    ['Smith, John', { first: 'john', middle: [], last: 'smith' }],
    ['María José García-López, MD', { first: 'maria', middle: ['jose'], last: 'garcialopez' }],
  ])('%s', (raw, want) => {
    expect(parsePersonName(raw)).toEqual(want);
  });

  it('refuses what has no first and last name', () => {
    expect(parsePersonName('Madonna')).toBeNull();
    expect(parsePersonName('Prof. Kim, MD')).toBeNull();
    expect(parsePersonName(null)).toBeNull();
    expect(nameKey("O'Brien")).toBe('obrien');
  });

  it('gives a registry individual one token of last name, first initial and practice state; organizations none', () => {
    const p = {
      npi: '1234567893',
      entity_type: 'individual',
      last_name: 'Garcia Lopez',
      first_name: 'Maria',
      practice_state: 'TX',
    } as RegistryProvider;
    expect(registryNameTokens(p)).toEqual([personToken('garcialopez', 'maria', 'TX')]);
    expect(personToken('garcialopez', 'maria', 'TX')).toBe('n:garcialopez_m_tx');
    expect(registryNameTokens({ ...p, entity_type: 'organization' })).toEqual([]);
    expect(registryNameTokens({ ...p, practice_state: null })).toEqual([]);
  });
});
