import {
  investigatorTokens,
  matchNameAndPlace,
  type StudyPersonsInput,
  studyPersons,
} from '../../../shared/providers/investigator-match';
import { parsePersonName } from '../../../shared/providers/name-key';

/** Name-and-place matching shared by a study's npi_links and a provider's name-and-site trials. */
const registry = {
  first_name: 'JANE',
  middle_name: 'Q',
  last_name: 'DOE',
  practice_city: 'NEW YORK',
  practice_state: 'NY',
  practice_postal_code: '100161234',
};

const study: StudyPersonsInput = {
  officials: [
    { name: 'Doe, Jane', affiliation: 'Gramercy Medical Center', role: 'PRINCIPAL_INVESTIGATOR' },
    { name: 'Prof. J. Doe, MD, PhD', affiliation: 'Elsewhere University', role: 'STUDY_CHAIR' },
    { name: 'MD', affiliation: null, role: null },
  ],
  sites: [
    { facility: 'Gramercy Medical Center', city: 'New York', state_code: 'NY', zip: '10016', investigators: [] },
    {
      facility: 'Lakeside Clinic',
      city: 'Buffalo',
      state_code: 'NY',
      zip: '14203',
      investigators: [{ name: 'Jane Q. Doe, MD', role: 'SUB_INVESTIGATOR' }],
    },
    {
      facility: 'Hôpital Sainte-Anne',
      city: 'Montréal',
      state_code: null,
      zip: 'H2X 1Y1',
      investigators: [{ name: 'Jane Doe', role: 'PRINCIPAL_INVESTIGATOR' }],
    },
  ],
};

describe('investigator name-and-place matching', () => {
  it('puts officials at their affiliated sites, else in every US state, and skips names it cannot read', () => {
    const persons = studyPersons(study);
    expect(persons.map((p) => [p.kind, p.parsed?.last ?? null, p.places.map((pl) => pl.site_index)])).toEqual([
      ['overall_official', 'doe', [0]],
      ['overall_official', 'doe', [null]],
      ['overall_official', null, [null]],
      ['site_investigator', 'doe', [1]],
      // A site outside the US (no state code) puts its investigator nowhere: no token, no match.
      ['site_investigator', 'doe', []],
    ]);
    expect(investigatorTokens(study).sort()).toEqual(['inv:doe_j_ny']);
  });

  it('scores by the table: ZIP, city, state; full first name or initial; a differing middle initial', () => {
    const [aff, chair, , site] = studyPersons(study);
    expect(matchNameAndPlace(aff!.parsed!, registry, aff!.places)).toMatchObject({
      confidence: 0.95,
      matched_on: ['last_name', 'first_name', 'zip'],
      place: { site_index: 0 },
    });
    expect(matchNameAndPlace(chair!.parsed!, registry, chair!.places)).toMatchObject({
      confidence: 0.35,
      matched_on: ['last_name', 'first_initial', 'state'],
      place: { site_index: null },
    });
    expect(matchNameAndPlace(site!.parsed!, registry, site!.places)).toMatchObject({
      confidence: 0.6,
      matched_on: ['last_name', 'first_name', 'middle_initial', 'state'],
    });
    const other = { ...registry, middle_name: 'R' };
    expect(matchNameAndPlace(parsePersonName('Jane Q. Doe')!, other, aff!.places)).toMatchObject({
      confidence: 0.8,
      differs_on: ['middle_initial'],
    });
    // Another state: nothing agrees on place.
    expect(matchNameAndPlace(aff!.parsed!, { ...registry, practice_state: 'NJ' }, aff!.places)).toMatchObject({
      confidence: 0,
      place: null,
    });
  });
});
