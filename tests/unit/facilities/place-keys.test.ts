import { placeKeys } from '../../../shared/facilities/facility-rows';
import { createFacilityMatcher, type FacilityRef, type PlaceQuery } from '../../../shared/facilities/matcher';

/**
 * /signals matches a page against the reference rows of its ZIP and city blocks only (the `place`
 * index holds each hospital under `placeKeys`): the answers must be those of a matcher over the
 * whole reference.
 */
const refs: FacilityRef[] = [
  {
    ccn: '140900',
    name: 'Lakeshore General Hospital',
    address: '100 N Lake Shore Dr',
    city: 'Chicago',
    state: 'IL',
    zip: '60611',
  },
  {
    ccn: '143900',
    name: 'Lakeshore Childrens Hospital',
    address: '100 N Lake Shore Dr',
    city: 'Chicago',
    state: 'IL',
    zip: '60611-1234',
  },
  {
    ccn: '140901',
    name: 'Mercy Medical Center',
    address: '2525 S Michigan Ave',
    city: 'Chicago',
    state: 'IL',
    zip: '60616',
  },
  { ccn: '140902', name: 'St. Anne Hospital', address: '4950 W Thomas St', city: 'Saint Anne', state: 'IL', zip: null },
  {
    ccn: '150001',
    name: 'Lakeshore General Hospital',
    address: '100 N Lake Shore Dr',
    city: 'Gary',
    state: 'IN',
    zip: '60611',
  },
  {
    ccn: '050001',
    name: 'Mercy Medical Center',
    address: '2525 S Michigan Ave',
    city: 'Chicago',
    state: 'CA',
    zip: '90001',
  },
];

const queries: PlaceQuery[] = [
  { name: 'LAKESHORE GENERAL HOSPITAL', address: '100 N LAKE SHORE DRIVE', city: 'CHICAGO', state: 'IL', zip: null },
  { name: null, address: '100 N LAKE SHORE DR', city: 'CHICAGO', state: 'IL', zip: '60611' },
  { name: 'MERCY MEDICAL CTR', address: '1 MAIN ST', city: 'CHICAGO', state: 'IL', zip: null },
  { name: 'ST ANNE HOSPITAL', address: null, city: 'St. Anne', state: 'IL', zip: null },
  { name: 'LAKESHORE GENERAL HOSPITAL', address: null, city: null, state: null, zip: '60611' },
  { name: 'NOWHERE CLINIC', address: '9 ELM ST', city: 'SPRINGFIELD', state: 'IL', zip: '62701' },
];

describe('placeKeys', () => {
  it('keys a place by its ZIP5 and its normalized state and city', () => {
    expect(placeKeys({ state: 'il', city: 'St. Anne', zip: '60611-1234' })).toEqual(['z:60611', 'c:IL:SAINT ANNE']);
    expect(placeKeys({ state: 'IL', city: null, zip: 'n/a' })).toEqual([]);
  });

  it('selects every reference row a matcher over the whole reference could score', () => {
    const whole = createFacilityMatcher(refs);
    const index = new Map<string, FacilityRef[]>();
    for (const r of refs) for (const k of placeKeys(r)) index.set(k, [...(index.get(k) ?? []), r]);
    for (const q of queries) {
      const blocks = [...new Set(placeKeys(q).flatMap((k) => index.get(k) ?? []))];
      expect(createFacilityMatcher(blocks).match(q)).toEqual(whole.match(q));
    }
    // The queries exercise matched, ambiguous and unmatched answers.
    expect(new Set(queries.map((q) => whole.match(q).status))).toEqual(new Set(['matched', 'ambiguous', 'unmatched']));
  });
});
