import {
  looksLikeOrganization,
  nameKeys,
  organizationKey,
  personKey,
  personParts,
  searchTokens,
  stripParenthetical,
  trimWord,
} from '../../../shared/exclusions/names';

describe('name normalization', () => {
  it('keys a person by last name and first given name, whatever the punctuation, case, accents and credentials', () => {
    const k = 'I|ALDERMAN|JOSEPH';
    expect(personKey('ALDERMAN', 'JOSEPH R.')).toBe(k);
    expect(personKey('Alderman, MD', 'Joseph')).toBe(k);
    expect(personKey('alderman jr', 'joseph')).toBe(k);
    expect(personKey('Vásquez', 'Elena Maria')).toBe('I|VASQUEZ|ELENA');
    expect(personKey("O'Guinn", 'Pamela')).toBe('I|OGUINN|PAMELA');
    expect(personKey('De La Cruz', 'Maria')).toBe(personKey('DELACRUZ', 'MARIA'));
    expect(personKey('Hargis, MD (Sunbelt Radiology)', 'Larry')).toBe('I|HARGIS|LARRY');
  });

  it('has no person key without both names', () => {
    expect(personKey('ABREU DE AGRAMONTE', null)).toBeNull();
    expect(personKey(null, 'Rosa')).toBeNull();
  });

  it('keys an organization without legal forms, a leading THE, or & versus AND', () => {
    expect(organizationKey('Sunset Coast Medical Supply, Inc.')).toBe('O|SUNSET COAST MEDICAL SUPPLY');
    expect(organizationKey('SUNSET COAST MEDICAL SUPPLY')).toBe('O|SUNSET COAST MEDICAL SUPPLY');
    expect(organizationKey('The A & R Clinic, LLC')).toBe(organizationKey('A and R Clinic'));
    expect(organizationKey('Inc.')).toBeNull();
  });

  it('reads a single name column both ways when the entity type is unknown', () => {
    const keys = nameKeys({
      entity_type: 'unknown',
      last_name: null,
      first_name: null,
      organization_name: 'Harold Fenwick',
      name: 'Harold Fenwick',
    });
    expect(keys).toEqual(expect.arrayContaining(['O|HAROLD FENWICK', 'I|FENWICK|HAROLD', 'I|HAROLD|FENWICK']));
    const person = nameKeys({
      entity_type: 'individual',
      last_name: 'Quintero',
      first_name: 'Rosa',
      organization_name: null,
      name: 'QUINTERO ROSA M',
    });
    expect(person).toEqual(['I|QUINTERO|ROSA']);
  });

  it('tells businesses from people by their words, and keeps printed case in name parts', () => {
    expect(looksLikeOrganization('Desert Bloom Behavioral Health')).toBe(true);
    expect(looksLikeOrganization('HARBORVIEW PHARMACY INC')).toBe(true);
    expect(looksLikeOrganization('Marisol Quezada')).toBe(false);
    expect(personParts('Whitfield, MD')).toEqual(['Whitfield']);
    expect(personParts('Lanell Brooks Jr')).toEqual(['Lanell', 'Brooks']);
  });

  it('searches by distinctive words only', () => {
    expect(searchTokens('Keystone Mobility Supply, LLC')).toEqual(['KEYSTONE', 'MOBILITY', 'SUPPLY']);
    expect(searchTokens('ALDERMAN JOSEPH R MD')).toEqual(['ALDERMAN', 'JOSEPH']);
  });
});

describe('linear-time name cleaning (same results as the regexes it replaces)', () => {
  const oldStrip = (s: string) => s.replace(/\([^)]*\)/g, ' ').trim();
  const oldTrim = (w: string) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.'-]+$/gu, '');
  const alphabet = ['a', 'Z', 'é', '1', '(', ')', ' ', '.', "'", '-', '!', ',', 'ß', '😀'];
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const randomText = () =>
    Array.from({ length: Math.floor(rand() * 12) }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');

  it('agrees with the old regexes on 5,000 random strings', () => {
    for (let i = 0; i < 5000; i++) {
      const t = randomText();
      expect([t, stripParenthetical(t)]).toEqual([t, oldStrip(t)]);
      expect([t, trimWord(t)]).toEqual([t, oldTrim(t)]);
    }
  });

  it('handles 40,000-character hostile cells (unclosed parentheses, punctuation runs)', () => {
    expect(stripParenthetical('('.repeat(40_000))).toBe('('.repeat(40_000));
    expect(stripParenthetical(`${'('.repeat(40_000)})x`)).toBe('x');
    const punct = `a${'!'.repeat(40_000)}a`;
    expect(trimWord(punct)).toBe(punct);
    expect(personParts(`SMITH ${'!'.repeat(40_000)}`)).toEqual(['SMITH']);
  });
});
