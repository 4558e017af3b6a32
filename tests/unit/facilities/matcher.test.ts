import { createFacilityMatcher, type FacilityRef } from '../../../shared/facilities/matcher';
import { nameSimilarity, nameTokens, normalizeAddress } from '../../../shared/facilities/normalize';

const refs: FacilityRef[] = [
  {
    ccn: '140900',
    name: 'LAKESHORE GENERAL HOSPITAL',
    address: '1200 N LAKE SHORE DRIVE',
    city: 'CHICAGO',
    state: 'IL',
    zip: '60611',
  },
  {
    ccn: '143900',
    name: 'LAKESHORE REHABILITATION HOSPITAL',
    address: '1200 N LAKE SHORE DR',
    city: 'CHICAGO',
    state: 'IL',
    zip: '60611',
  },
  {
    ccn: '140901',
    name: 'WEST SIDE UNIVERSITY MEDICAL CENTER',
    address: '2500 W HARRISON STREET',
    city: 'CHICAGO',
    state: 'IL',
    zip: '60612',
  },
  {
    ccn: '140902',
    name: 'SAINT BRIGID HOSPITAL, NORTH',
    address: '4500 N CLARK ST',
    city: 'CHICAGO',
    state: 'IL',
    zip: '60640',
  },
  {
    ccn: '240902',
    name: 'SAINT BRIGID HOSPITAL NORTH',
    address: '9 MAIN ST',
    city: 'CHICAGO',
    state: 'MN',
    zip: '55000',
  },
];
const m = createFacilityMatcher(refs);

describe('facility normalization', () => {
  it('expands abbreviations one way and drops legal forms', () => {
    expect(normalizeAddress('1200 N. Lake Shore Dr., Suite 400')).toBe('1200 NORTH LAKE SHORE DRIVE');
    expect(normalizeAddress('PO BOX 618')).toBeNull();
    expect(nameTokens("St. Brigid's Hosp, Inc.")).toEqual(['SAINT', 'BRIGIDS', 'HOSPITAL']);
    expect(nameSimilarity(['A', 'B'], ['A', 'C'])).toBe(0.5);
  });
});

describe('createFacilityMatcher', () => {
  it('matches name and address at 1.0', () => {
    expect(
      m.match({
        name: 'West Side University Medical Ctr',
        address: '2500 W Harrison St',
        city: 'Chicago',
        state: 'IL',
      }),
    ).toMatchObject({
      status: 'matched',
      ccn: '140901',
      confidence: 1,
      method: 'name_address',
    });
  });

  it('prefers the named facility over another at the same address, listing both', () => {
    const r = m.match({
      name: 'Lakeshore General Hospital',
      address: '1200 N Lake Shore Dr',
      city: 'Chicago',
      state: 'IL',
    });
    expect(r).toMatchObject({ status: 'matched', ccn: '140900', method: 'name_address' });
    expect(r.candidates.map((c) => [c.ccn, c.method, c.confidence])).toEqual([
      ['140900', 'name_address', 1],
      ['143900', 'address', 0.867],
    ]);
  });

  it('leaves an address shared by two facilities ambiguous, with no CCN', () => {
    const r = m.match({ address: '1200 NORTH LAKE SHORE DRIVE', city: 'CHICAGO', state: 'IL' });
    expect(r).toMatchObject({ status: 'ambiguous', ccn: null, confidence: null });
    expect(r.candidates.map((c) => [c.ccn, c.confidence])).toEqual([
      ['140900', 0.8],
      ['143900', 0.8],
    ]);
  });

  it('matches a unique address alone at 0.8, a name in the city at 0.85, and never across states', () => {
    expect(m.match({ address: '4500 N CLARK STREET', zip: '60640-1234' })).toMatchObject({
      ccn: '140902',
      confidence: 0.8,
      method: 'address',
    });
    expect(m.match({ name: 'Saint Brigid Hospital North', city: 'Chicago', state: 'IL' })).toMatchObject({
      status: 'matched',
      ccn: '140902',
      confidence: 0.85,
      method: 'name_city',
    });
  });

  it('keeps a partial name below the bar as a candidate only, and says unmatched when nothing fits', () => {
    const r = m.match({ name: 'West Side Medical Center', city: 'Chicago', state: 'IL' });
    expect(r.status).toBe('ambiguous');
    expect(r.candidates[0]).toMatchObject({ ccn: '140901', method: 'name_fuzzy' });
    expect(r.candidates[0]!.confidence).toBeLessThan(0.8);
    expect(m.match({ address: '7450 S EXCHANGE AVE', city: 'CHICAGO', state: 'IL' })).toEqual({
      status: 'unmatched',
      ccn: null,
      name: null,
      confidence: null,
      method: null,
      candidates: [],
    });
  });
});
