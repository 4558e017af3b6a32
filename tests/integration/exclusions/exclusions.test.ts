import * as fs from 'node:fs';
import { readTimeline } from '../../../shared/catalog/timeline';
import { isValidNpi } from '../../../shared/codes/npi';
import { fixturePath } from '../../helpers/fixtures';
import { fixtureRowCount, type Json, manifestEntries, replayHit, startWorld, TODAY, type World } from './world';

/**
 * Issue 11, point 5: every exclusion endpoint over the fixture world (NPPES registry, OIG LEIE
 * with its supplements, six state lists), through the full app with a free-tier key. "Today" is
 * fixed at 2025-06-15, so answers without as_of use the March 2025 LEIE (with its same-day
 * supplements), NY's April list and the other states' only lists.
 */
const ALDERMAN = '1847362914'; // LEIE and NY rows carry the NPI
const CASTELLANO = '1372640197'; // LEIE (from 2025-01-08) and PA (list of 2025-02) rows carry the NPI
const QUINTERO = '1356284715'; // only in NPPES; the NY row has no NPI: found by the registry's name + state
const OYELARAN = '1203847565'; // NJ row with the NPI, PERMANENT; NPPES deactivated then reactivated
const BRANNIGAN = '1467392050'; // NPPES only; LEIE reinstated, NJ row expired 2025-03-31
const DEACTIVATED = '1102938473'; // NPPES: deactivated 2019-08-31, no names; on no list
const CLEAN = '1234567893'; // a valid NPI nobody lists

const names = (hits: Json[]) => hits.map((h) => h.record.name);
const lists = (hits: Json[]) => hits.map((h) => h.list_state ?? 'federal');

describe('exclusion endpoints over the fixture world', () => {
  let w: World;
  beforeAll(async () => {
    expect(isValidNpi(CLEAN)).toBe(true);
    w = await startWorld();
    expect(w.loads.filter((l) => l.status !== 'loaded')).toEqual([]);
  }, 60_000);
  afterAll(() => w.h.close());

  describe('GET /exclusions/comprehensive/{npi}', () => {
    it('is excluded over federal and state lists when both carry the NPI, each hit matched by NPI', async () => {
      const { status, body } = await w.get(`/exclusions/comprehensive/${ALDERMAN}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ npi: ALDERMAN, as_of: TODAY, excluded: true, federal_excluded: true });
      expect(lists(body.federal)).toEqual(['federal']);
      expect(lists(body.state_excluded)).toEqual(['NY']);
      for (const hit of [...body.federal, ...body.state_excluded]) {
        expect(hit.in_force).toBe(true);
        expect(hit.match).toEqual({ method: 'npi', on: ['npi'], name_source: null });
        expect(hit.record.npis).toContain(ALDERMAN);
        // The hit is the record at its locator in the archived file its sha256 names.
        const replayed = await replayHit(w.h, hit, body);
        expect(replayed.name).toBe(hit.record.name);
        expect(replayed.npis).toContain(ALDERMAN);
      }
      expect(body.federal[0].source).toMatchObject({ doc_id: 'leie:1', publisher_version: '03-2025' });
      expect(body.state_excluded[0].source).toMatchObject({
        source_id: 'state_exclusions_ny',
        publisher_version: '2025-04',
      });
      expect(body.provider).toMatchObject({ npi: ALDERMAN, last_name: 'ALDERMAN', practice_state: 'NY' });
    });

    it('matches list rows without an NPI by the registry names and state of the NPI, and says so', async () => {
      const { body } = await w.get(`/exclusions/comprehensive/${QUINTERO}`);
      expect(body.excluded).toBe(true);
      expect(body.federal_excluded).toBe(false);
      expect(names(body.state_excluded)).toEqual(['QUINTERO ROSA M']);
      expect(body.state_excluded[0].record.npis).toEqual([]);
      expect(body.state_excluded[0].match).toEqual({
        method: 'name_state',
        on: ['name', 'state'],
        name_source: 'registry',
      });
      expect(body.provider.source).toMatchObject({ source_id: 'nppes', doc_id: 'nppes:2' });
    });

    it('answers not known, with the versions it searched, for an NPI on no list that the registry cannot name', async () => {
      const { body } = await w.get(`/exclusions/comprehensive/${CLEAN}`);
      // Searched by NPI only: most rows carry no NPI, so a negative is not known.
      expect(body).toMatchObject({ excluded: null, federal_excluded: null, federal: [], state_excluded: [] });
      expect(body.excluded_reason).toMatch(/^Not known: no row in force carries NPI 1234567893/);
      expect(body.not_in_force).toEqual([]);
      expect(body.provider).toBeNull();
      const searched = new Set(body.sources.map((s: Json) => s.source_id));
      expect(searched).toEqual(
        new Set([
          'oig_leie',
          'state_exclusions_az',
          'state_exclusions_ca',
          'state_exclusions_ky',
          'state_exclusions_nj',
          'state_exclusions_ny',
          'state_exclusions_pa',
          'state_exclusions_tn',
        ]),
      );
      // The federal list of today: the March full list with its same-day supplements.
      expect(
        body.sources.filter((s: Json) => s.source_id === 'oig_leie').map((s: Json) => [s.name, s.publisher_version]),
      ).toEqual([
        ['UPDATED.csv', '03-2025'],
        ['2503EXCL.csv', '2025-03'],
        ['2503REIN.csv', '2025-03'],
      ]);
    });

    it('answers as of a date with the versions in force then', async () => {
      const { body } = await w.get(`/exclusions/comprehensive/${CASTELLANO}?as_of=2025-02-15`);
      expect(body.as_of).toBe('2025-02-15');
      expect(lists(body.federal)).toEqual(['federal']);
      expect(body.federal[0].source.publisher_version).toBe('01-2025');
      expect(lists(body.state_excluded)).toEqual(['PA']);
      expect(body.sources.find((s: Json) => s.source_id === 'state_exclusions_ny').publisher_version).toBe('2025-01');
    });
  });

  describe('GET /exclusions/state/{npi}', () => {
    it('lists the state hits only, and names only state lists and the registry as its sources', async () => {
      const { status, body } = await w.get(`/exclusions/state/${CASTELLANO}`);
      expect(status).toBe(200);
      expect(body.excluded).toBe(true);
      expect(lists(body.state_excluded)).toEqual(['PA']);
      expect(body.state_excluded[0].match.method).toBe('npi');
      expect(body).not.toHaveProperty('federal');
      const ids: string[] = body.sources.map((s: Json) => s.source_id);
      expect(ids).toContain('state_exclusions_pa');
      expect(ids).toContain('nppes');
      expect(ids.filter((s) => s !== 'nppes' && !s.startsWith('state_exclusions_'))).toEqual([]);
    });

    it('keeps an expired state row out of state_excluded, under not_in_force', async () => {
      const { body } = await w.get(`/exclusions/state/${BRANNIGAN}`);
      expect(body.excluded).toBe(false);
      expect(body.state_excluded).toEqual([]);
      expect(body.not_in_force.map((h: Json) => [h.list_state, h.record.end_date])).toEqual([['NJ', '2025-03-31']]);
    });
  });

  describe('GET /exclusions/state/search', () => {
    it('finds state rows by name only (the federal list is not searched here)', async () => {
      const { status, body } = await w.get('/exclusions/state/search?name=alderman&include_total=true');
      expect(status).toBe(200);
      expect(body.items.map((r: Json) => [r.list, r.list_state])).toEqual([['state', 'NY']]);
      expect(body.total).toBe(1);
      expect(body.versions_with_results).toEqual([body.items[0].source.version_id]);
    });

    it('requires every distinctive word, across states, ordered by state then name', async () => {
      const all = (await w.get('/exclusions/state/search?name=supply')).body;
      const states = all.items.map((r: Json) => r.list_state);
      expect(states).toEqual([...states].sort());
      expect(new Set(states)).toEqual(new Set(['CA', 'NY', 'PA']));
      for (const r of all.items) expect(r.record.name.toUpperCase()).toContain('SUPPLY');
      const two = (await w.get('/exclusions/state/search?name=keystone%20supply')).body;
      expect(names(two.items)).toEqual(['Keystone Mobility Supply, LLC']);
      const pa = (await w.get('/exclusions/state/search?name=supply&state=pa')).body;
      expect(names(pa.items)).toEqual(['Keystone Mobility Supply, LLC']);
      expect(pa.sources.map((s: Json) => s.source_id)).toEqual(['state_exclusions_pa']);
    });

    it('filters by entity type', async () => {
      const orgs = (await w.get('/exclusions/state/search?state=NY&entity_type=organization&include_total=true')).body;
      const people = (await w.get('/exclusions/state/search?state=NY&entity_type=individual&include_total=true')).body;
      const every = (await w.get('/exclusions/state/search?state=NY&include_total=true')).body;
      expect((await w.get('/exclusions/state/search?state=NY')).body.total).toBeNull();
      expect(orgs.items.length).toBeGreaterThan(0);
      expect(people.items.length).toBeGreaterThan(0);
      for (const r of orgs.items) expect(r.record.entity_type).toBe('organization');
      for (const r of people.items) expect(r.record.entity_type).toBe('individual');
      expect(orgs.total + people.total).toBe(every.total);
      const byName = (await w.get('/exclusions/state/search?name=alderman&entity_type=organization')).body;
      expect(byName.items).toEqual([]);
    });

    it('pages a state list in name order: pages are disjoint and together are the whole list', async () => {
      const every = (await w.get('/exclusions/state/search?state=NY&limit=100&include_total=true')).body;
      expect(every).toMatchObject({ next_offset: null, next: null });
      expect(every.items.length).toBe(every.total);
      const seen: Json[] = [];
      let offset: number | null = 0;
      while (offset !== null) {
        const page: Json = (await w.get(`/exclusions/state/search?state=NY&limit=2&offset=${offset}`)).body;
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items);
        offset = page.next_offset;
      }
      expect(seen).toEqual(every.items);
      // By cursor: the same rows; a cursor of another state's list is a 400 naming cursor.
      const walked: Json[] = [];
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const page: Json = (await w.get(`/exclusions/state/search?state=NY&limit=1${query}`)).body;
        walked.push(...page.items);
        cursor = page.next;
        pages++;
        if (cursor && pages === 1) {
          const other = await w.get(
            `/exclusions/state/search?state=NY&entity_type=individual&limit=1&cursor=${cursor}`,
          );
          expect(other.status).toBe(400);
          expect(other.body.errors[0].loc).toEqual(['query', 'cursor']);
        }
      }
      expect(pages).toBeGreaterThan(2);
      expect(walked).toEqual(every.items);
      const order = seen.map((r) => r.record.name.toUpperCase());
      expect(order).toEqual([...order].sort());
      // A list of another date: NY's January list still has HARBORVIEW PHARMACY.
      const jan = (await w.get('/exclusions/state/search?state=NY&as_of=2025-02-01&limit=100')).body;
      expect(names(jan.items)).toContain('HARBORVIEW PHARMACY INC');
      expect(names(every.items)).not.toContain('HARBORVIEW PHARMACY INC');
    });

    it('pages a name search the same way', async () => {
      const every = (await w.get('/exclusions/state/search?name=supply&include_total=true')).body;
      const seen: Json[] = [];
      for (let offset = 0; offset < every.total; offset++) {
        const page = (await w.get(`/exclusions/state/search?name=supply&limit=1&offset=${offset}`)).body;
        expect(page.total).toBeNull();
        expect(page.next_offset).toBe(offset + 1 < every.total ? offset + 1 : null);
        seen.push(...page.items);
      }
      expect(seen).toEqual(every.items);
      const walked: Json[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const page: Json = (await w.get(`/exclusions/state/search?name=supply&limit=1${query}`)).body;
        walked.push(...page.items);
        cursor = page.next;
      }
      expect(walked).toEqual(every.items);
      const foreign = await w.get(
        `/exclusions/state/search?name=supply&state=PA&limit=1&cursor=${
          (await w.get('/exclusions/state/search?name=supply&limit=1')).body.next
        }`,
      );
      expect(foreign.status).toBe(400);
    });

    it('says when a state has no list registered', async () => {
      const { status, body } = await w.get('/exclusions/state/search?state=WY');
      expect(status).toBe(200);
      expect(body.items).toEqual([]);
      expect(body.gaps.map((g: Json) => [g.source_id, g.reason])).toEqual([['state_exclusions_wy', 'not_archived']]);
    });
  });

  describe('POST /exclusions/screen', () => {
    it('returns each input’s federal and state hits in input order, with how each matched', async () => {
      const items = [
        { ref: 'a', last_name: 'Delacroix', first_name: 'Pierre', state: 'LA', dob: '1952-09-30' },
        { ref: 'b', npi: ALDERMAN },
        { ref: 'c', npi: CLEAN },
        { ref: 'd', organization_name: 'Harborview Pharmacy', state: 'NY' },
        { ref: 'e', npi: QUINTERO },
        { ref: 'f', last_name: 'Castellano', first_name: 'Diane', state: 'PA' },
        { ref: 'g', last_name: 'Garrison', first_name: 'Leo', dob: '1990-06-11' },
        { ref: 'h', last_name: 'Delacroix', first_name: 'Pierre', state: 'LA', dob: '1952-10-01' },
      ];
      const { status, body } = await w.post('/exclusions/screen', { as_of: '2025-02-05', items });
      expect(status).toBe(200);
      expect(body.count).toBe(items.length);
      expect(body.results.map((r: Json) => [r.index, r.ref])).toEqual(items.map((x, i) => [i, x.ref]));
      const method = (hits: Json[]) => hits.map((x) => `${x.list_state ?? 'federal'}:${x.match.method}`);
      const [dela, ald, clean, harbor, quin, cast, garr, wrongDob] = body.results;
      // Name, state and birth date against the LEIE row; reinstated 2025-02-10, so still excluded on 02-05.
      expect(method(dela.federal)).toEqual(['federal:name_state_dob']);
      expect(dela.federal[0].record.end_date).toBe('2025-02-10');
      expect(method(ald.federal)).toEqual(['federal:npi']);
      expect(method(ald.state_excluded)).toEqual(['NY:npi']);
      expect(clean).toMatchObject({ npi: CLEAN, excluded: null, federal: [], state_excluded: [] });
      expect(method(harbor.state_excluded)).toEqual(['NY:name_state']);
      expect(harbor.state_excluded[0].match.name_source).toBe('input');
      expect(method(quin.state_excluded)).toEqual(['NY:name_state']);
      expect(quin.state_excluded[0].match.name_source).toBe('registry');
      expect(method(cast.federal)).toEqual(['federal:name_state']);
      expect(method(cast.state_excluded)).toEqual(['PA:name_state']);
      // No state given: a name matches only with an agreeing birth date; GARRISON is not on a list yet.
      expect(garr.excluded).toBe(false);
      // A birth date that disagrees rules the row out.
      expect(wrongDob).toMatchObject({ excluded: false, federal: [], state_excluded: [], not_in_force: [] });
      expect(body.excluded_count).toBe(body.results.filter((r: Json) => r.excluded).length);
      expect(body.excluded_count).toBe(5);
    });

    it('matches by name and birth date alone when no state is given', async () => {
      const { body } = await w.post('/exclusions/screen', {
        as_of: '2025-03-20',
        items: [{ last_name: 'GARRISON', first_name: 'LEO', dob: '1990-06-11' }],
      });
      expect(body.results[0].federal.map((h: Json) => h.match.method)).toEqual(['name_dob']);
    });

    it('screens a full batch of 1,000 in one request', async () => {
      const items = Array.from({ length: 1000 }, (_, i) =>
        i === 999 ? { npi: ALDERMAN } : { last_name: `Nobody${i}`, first_name: 'Test', state: 'NY' },
      );
      const { status, body } = await w.post('/exclusions/screen', { items });
      expect(status).toBe(200);
      expect(body.results).toHaveLength(1000);
      expect(body.excluded_count).toBe(1);
      expect(body.results[999].excluded).toBe(true);
    });
  });

  describe('GET /exclusions/crossref/{npi}', () => {
    it('flags high risk, with the reason, for an exclusion in force matched by NPI', async () => {
      const { status, body } = await w.get(`/exclusions/crossref/${OYELARAN}`);
      expect(status).toBe(200);
      expect(lists(body.state_exclusion_records)).toEqual(['NJ']);
      expect(body.state_exclusion_records[0].record.end_note).toBe('PERMANENT');
      expect(body.risk.flag).toBe('high');
      expect(body.risk.reason).toMatch(/NJ Medicaid/);
      expect(body.risk.reason).toMatch(/npi/);
    });

    it('keeps past records and flags them elevated', async () => {
      const { body } = await w.get(`/exclusions/crossref/${BRANNIGAN}`);
      expect(body.state_exclusion_records.map((h: Json) => [h.list_state, h.in_force])).toEqual([['NJ', false]]);
      expect(body.risk.flag).toBe('elevated');
      expect(body.risk.reason).toMatch(/Past exclusion records/);
    });

    it('flags a name-only match in force as elevated, asking to confirm the identity', async () => {
      const { body } = await w.get(`/exclusions/crossref/${QUINTERO}`);
      expect(body.risk.flag).toBe('elevated');
      expect(body.risk.reason).toMatch(/name match/);
    });

    it('flags a deactivated NPI with no record as elevated, and a clean NPI as none', async () => {
      const deact = (await w.get(`/exclusions/crossref/${DEACTIVATED}`)).body;
      expect(deact.state_exclusion_records).toEqual([]);
      expect(deact.risk.flag).toBe('elevated');
      expect(deact.risk.reason).toMatch(/deactivated in NPPES since 2019-08-31/);
      const clean = (await w.get(`/exclusions/crossref/${CLEAN}`)).body;
      expect(clean.risk.flag).toBe('none');
      expect(clean.risk.reason).toMatch(/list version\(s\) searched/);
    });
  });

  describe('GET /exclusions/state/coverage', () => {
    it('reports per state whether a list is loaded, as of when, and its row count', async () => {
      const feb = (await w.get('/exclusions/state/coverage?as_of=2025-02-15')).body;
      const jun = (await w.get('/exclusions/state/coverage')).body;
      expect(feb.states_loaded).toEqual(['CA', 'KY', 'NJ', 'NY', 'PA']);
      expect(jun.states_loaded).toEqual(['AZ', 'CA', 'KY', 'NJ', 'NY', 'PA', 'TN']);
      const az = feb.states.find((s: Json) => s.state === 'AZ');
      expect(az).toMatchObject({ loaded: false, as_of: null, rows: 0, archived_versions: 1, loaded_versions: 1 });
      expect(az.gaps.map((g: Json) => g.reason)).toEqual(['before_first_version']);
      const ny = (c: Json) => c.states.find((s: Json) => s.state === 'NY');
      expect(ny(feb)).toMatchObject({ loaded: true, as_of: '2025-01-01', publisher_version: '2025-01' });
      expect(ny(jun)).toMatchObject({ loaded: true, as_of: '2025-04-01', publisher_version: '2025-04' });
      expect(ny(jun).archived_versions).toBe(2);
      expect(jun.total_rows).toBe(jun.states.reduce((n: number, s: Json) => n + s.rows, 0));
      expect(jun.states_without_list).not.toContain('NY');
      expect(jun.states_without_list).toContain('WY');
      expect(jun.federal).toMatchObject({ source_id: 'oig_leie', loaded: true, publisher_version: '03-2025' });
      // Issue 24 point 2: the identifying fields each list carries, as its layout reads them.
      expect(ny(feb).fields).toEqual(['npi', 'license_number', 'provider_type']);
      expect(az.fields).toEqual(['npi']);
      for (const s of jun.states) expect(s.fields.length > 0).toBe(s.layouts.length > 0);
      expect(ny(feb)).toMatchObject({ standing: 'current', blocks_excluded: false });
    });

    it.each([['2025-02-15'], [TODAY]])(
      'as of %s, each loaded state names the fixture in force, with the rows that file holds',
      async (asOf) => {
        const body = (await w.get(`/exclusions/state/coverage?as_of=${asOf}`)).body;
        for (const s of body.states.filter((x: Json) => x.loaded)) {
          const inForce = manifestEntries(s.source_id)
            .filter((e) => e.effective_from! <= asOf)
            .sort((a, b) => a.effective_from!.localeCompare(b.effective_from!))
            .pop()!;
          expect([s.state, s.as_of, s.publisher_version]).toEqual([
            s.state,
            inForce.effective_from,
            inForce.publisher_version,
          ]);
          expect(s.rows).toBe(await fixtureRowCount('state_exclusions', s.source_id, inForce.path));
          expect(s.versions.map((v: Json) => v.name)).toEqual([inForce.path.split('/').pop()]);
        }
      },
    );
  });

  describe('GET /demo/exclusions/* (no key)', () => {
    it('checks one subject without a key', async () => {
      const { status, body } = await w.get(
        '/demo/exclusions/check?last_name=Delacroix&first_name=Pierre&state=LA&dob=1952-09-30&as_of=2025-01-15',
        {},
      );
      expect(status).toBe(200);
      expect(body.excluded).toBe(true);
      expect(body.federal.map((h: Json) => h.match.method)).toEqual(['name_state_dob']);
      const byNpi = (await w.get(`/demo/exclusions/check?npi=${ALDERMAN}`, {})).body;
      expect(byNpi.excluded).toBe(true);
    });

    it('searches federal and state lists without a key, capping the rows at 25', async () => {
      const { status, body } = await w.get('/demo/exclusions/search?name=alderman&limit=100', {});
      expect(status).toBe(200);
      expect(lists(body.items)).toEqual(['federal', 'NY']);
      expect(body).toMatchObject({ limit: 25, limit_requested: 100, max_rows: 25, capped: true });
    });

    it('reports coverage without a key, the same as the keyed read', async () => {
      const open = await w.get('/demo/exclusions/coverage?as_of=2025-02-15', {});
      const keyed = await w.get('/exclusions/state/coverage?as_of=2025-02-15');
      expect(open.status).toBe(200);
      expect(open.body).toEqual(keyed.body);
    });
  });

  describe('keys', () => {
    it.each([
      ['GET', `/exclusions/comprehensive/${ALDERMAN}`],
      ['GET', `/exclusions/state/${ALDERMAN}`],
      ['GET', '/exclusions/state/search?name=alderman'],
      ['GET', '/exclusions/state/coverage'],
      ['GET', `/exclusions/crossref/${ALDERMAN}`],
      ['POST', '/exclusions/screen'],
    ])('%s %s answers 401 without a key or with a wrong one', async (method, p) => {
      for (const headers of [{}, { 'x-api-key': 'wsk_not_a_real_key' }] as Record<string, string>[]) {
        const r = await w.h.request(p, {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          ...(method === 'POST' ? { body: JSON.stringify({ items: [{ npi: ALDERMAN }] }) } : {}),
        });
        expect(r.status).toBe(401);
        expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
      }
    });
  });

  describe('GET /platform/stats', () => {
    it('counts clinicians: the individual providers (entity type 1) of the NPPES full file loaded', async () => {
      const csv = fs.readFileSync(fixturePath('nppes', 'npidata_pfile_20050523-20250209.csv'), 'utf8');
      // Read straight from the fixture: the second quoted column of each data line is the entity type.
      const individuals = csv
        .split(/\r?\n/)
        .slice(1)
        .filter((line) => /^"\d{10}","1"/.test(line)).length;
      expect(individuals).toBeGreaterThan(0);
      const { status, body } = await w.get('/platform/stats');
      expect(status).toBe(200);
      expect(body.clinicians).toBe(individuals);
    });
  });

  describe('provenance', () => {
    const reads = [
      `/exclusions/comprehensive/${ALDERMAN}`,
      `/exclusions/comprehensive/${QUINTERO}?as_of=2025-03-05`,
      `/exclusions/state/${CASTELLANO}`,
      `/exclusions/crossref/${BRANNIGAN}?as_of=2025-02-15`,
      '/exclusions/state/search?name=supply',
      '/exclusions/state/coverage',
      // The lists whose fixtures begin 2025-07-01 (nine states and SAM.gov).
      '/exclusions/state/coverage?as_of=2025-07-03',
      '/demo/exclusions/search?name=delacroix&as_of=2025-02-15',
      '/demo/exclusions/check?organization_name=Northgate%20Home%20Care&state=MA',
    ];

    it('names the archived versions every answer was built from, and each resolves to an archived file', async () => {
      const checked = new Map<string, string>();
      const answers: Json[] = [];
      for (const p of reads) answers.push((await w.get(p)).body);
      answers.push((await w.post('/exclusions/screen', { items: [{ npi: ALDERMAN }, { npi: CASTELLANO }] })).body);
      for (const body of answers) {
        const cited: Json[] = [
          ...(body.sources ?? []),
          ...(body.states ?? []).flatMap((s: Json) => s.versions),
          ...(body.federal?.versions ?? []),
          ...(body.federal_lists ?? []).flatMap((l: Json) => l.versions),
        ];
        expect(cited.length).toBeGreaterThan(0);
        for (const s of cited) {
          expect(s).toEqual(
            expect.objectContaining({
              source_id: expect.any(String),
              version_id: expect.any(Number),
              sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
              publisher_version: expect.any(String),
            }),
          );
          checked.set(s.sha256, s.source_id);
        }
      }
      for (const [sha256, sourceId] of checked) {
        const r = await w.get(`/v1/archive/files/${sha256}`);
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ sha256, source_id: sourceId });
      }
      // Between them, these answers cite every file the catalog loaded.
      const loaded = new Set<string>();
      for (const d of ['nppes', 'oig_leie', 'gsa_sam_exclusions', 'state_exclusions']) {
        for (const tl of (await readTimeline(w.h.deps.tables.catalog, d)).values())
          for (const v of tl.versions) loaded.add(v.sha256);
      }
      expect(new Set(checked.keys())).toEqual(loaded);
    });

    it('every hit and row names a version its answer lists, and replays from the archived bytes', async () => {
      for (const p of reads.filter((x) => !x.includes('coverage'))) {
        const body = (await w.get(p)).body;
        const rows: Json[] = [
          ...(body.federal ?? []),
          ...(body.state_excluded ?? []),
          ...(body.not_in_force ?? []),
          ...(body.state_exclusion_records ?? []),
          ...(body.items ?? []),
        ];
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          const replayed = await replayHit(w.h, row, body);
          expect(replayed).toBeDefined();
          expect(replayed.name).toBe(row.record.name);
          for (const other of row.also_in) {
            expect(body.sources.map((s: Json) => s.version_id)).toContain(other.version_id);
          }
        }
      }
    });
  });
});
