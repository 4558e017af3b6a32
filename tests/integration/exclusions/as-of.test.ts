import * as fs from 'node:fs';
import { Archive } from '../../../shared/archive/ingest';
import { syncCatalog } from '../../../shared/catalog/sync';
import { stateSources } from '../../../shared/exclusions/datasets';
import { fixturePath } from '../../helpers/fixtures';
import { type Json, startWorld, type World } from './world';

/**
 * Issue 11, point 6: a screen answers "as of" a date from the list versions in force on that date
 * in the archive. Fixture history: LEIE full lists of 2025-01 and 2025-03 with monthly EXCL/REIN
 * supplements (DELACROIX reinstated 2025-02-10 by 2502REIN while the January list still lists him;
 * BRANNIGAN reinstated 2025-03-12 by 2503REIN, already gone from the March list; FENWICK and
 * NORTHGATE added by 2502EXCL; GARRISON by 2503EXCL), NY lists of 2025-01 and 2025-04 (HARBORVIEW
 * dropped, NAKAMURA added with a sanction of 2025-04-10), NJ BRANNIGAN expiring 2025-03-31, AZ
 * from 2025-03-01. The first version of anything is dated 2025-01-01.
 */
const BRANNIGAN = '1467392050';
const FENWICK = '1694038252';
const NAKAMURA = '1689514275';
const ALDERMAN = '1847362914';

const DELACROIX = { last_name: 'Delacroix', first_name: 'Pierre', state: 'LA', dob: '1952-09-30' };
const HARBORVIEW = { organization_name: 'Harborview Pharmacy', state: 'NY' };

const lists = (hits: Json[]) => hits.map((h) => h.list_state ?? 'federal');

describe('exclusion answers as of a date', () => {
  let w: World;
  const screenOne = async (item: object, asOf: string) => {
    const { status, body } = await w.post('/exclusions/screen', { as_of: asOf, items: [item] });
    expect(status).toBe(200);
    return { ...body.results[0], sources: body.sources, gaps: body.gaps };
  };
  const comprehensive = async (npi: string, asOf: string) =>
    (await w.get(`/exclusions/comprehensive/${npi}?as_of=${asOf}`)).body;

  beforeAll(async () => {
    w = await startWorld();
  }, 60_000);
  afterAll(() => w.h.close());

  it('a federal reinstatement in a later supplement ends the exclusion the older full list still shows', async () => {
    const jan = await screenOne(DELACROIX, '2025-01-15');
    expect(jan.excluded).toBe(true);
    expect(jan.federal[0].source).toMatchObject({ doc_id: 'leie:1', publisher_version: '01-2025' });
    expect(jan.federal[0].record.end_date).toBeNull();

    // 2502REIN is in force from 2025-02-01, but the reinstatement takes effect on 2025-02-10.
    const before = await screenOne(DELACROIX, '2025-02-09');
    expect(before.excluded).toBe(true);
    expect(before.federal[0].record.end_date).toBe('2025-02-10');
    expect(before.federal[0].source.doc_id).toBe('leie:3');
    expect(before.federal[0].also_in.map((s: Json) => s.doc_id)).toEqual(['leie:1']);

    for (const date of ['2025-02-10', '2025-02-20']) {
      const after = await screenOne(DELACROIX, date);
      expect(after.excluded).toBe(false);
      expect(after.federal).toEqual([]);
      expect(after.not_in_force.map((h: Json) => [h.list, h.record.end_date])).toEqual([['federal', '2025-02-10']]);
    }
    // The March full list no longer lists him at all.
    const mar = await screenOne(DELACROIX, '2025-03-15');
    expect(mar).toMatchObject({ excluded: false, federal: [], not_in_force: [] });
  });

  it('a reinstatement published with the full list that already dropped the row still dates the exclusion', async () => {
    const at = async (d: string) => (await comprehensive(BRANNIGAN, d)).federal_excluded;
    expect(await at('2025-02-15')).toBe(true);
    // The March list (from 2025-03-01) omits her; 2503REIN (same start) says excluded until 2025-03-12.
    expect(await at('2025-03-05')).toBe(true);
    expect(await at('2025-03-11')).toBe(true);
    expect(await at('2025-03-12')).toBe(false);
    const body = await comprehensive(BRANNIGAN, '2025-03-05');
    expect(body.federal[0].source).toMatchObject({ doc_id: 'leie:3', publisher_version: '2025-03' });
    expect(body.federal[0].match).toMatchObject({ method: 'name_state', name_source: 'registry' });
  });

  it('an exclusion added by a monthly supplement applies from its exclusion date, then from the next full list', async () => {
    const jan = await comprehensive(FENWICK, '2025-01-15');
    expect(jan).toMatchObject({ excluded: false, federal: [], not_in_force: [] });
    const early = await comprehensive(FENWICK, '2025-02-10');
    expect(early.excluded).toBe(false);
    expect(early.not_in_force.map((h: Json) => [h.source.doc_id, h.record.start_date])).toEqual([
      ['leie:2', '2025-02-20'],
    ]);
    const late = await comprehensive(FENWICK, '2025-02-25');
    expect(lists(late.federal)).toEqual(['federal']);
    expect(late.federal[0].source.doc_id).toBe('leie:2');
    expect(late.state_excluded).toEqual([]);
    const mar = await comprehensive(FENWICK, '2025-03-15');
    expect(lists(mar.federal)).toEqual(['federal']);
    expect(mar.federal[0].source).toMatchObject({ doc_id: 'leie:1', publisher_version: '03-2025' });
    expect(lists(mar.state_excluded)).toEqual(['AZ']);
  });

  it('a row in both the full list and its same-day supplement is one exclusion citing both', async () => {
    const r = await screenOne({ last_name: 'Garrison', first_name: 'Leo', state: 'OH' }, '2025-03-20');
    expect(r.federal).toHaveLength(1);
    expect([r.federal[0].source.doc_id, ...r.federal[0].also_in.map((s: Json) => s.doc_id)].sort()).toEqual([
      'leie:1',
      'leie:2',
    ]);
    expect((await screenOne({ last_name: 'Garrison', first_name: 'Leo', state: 'OH' }, '2025-03-17')).excluded).toBe(
      false,
    );
  });

  it('state list versions: a row dropped from a later list and a row added to it', async () => {
    const harborFeb = await screenOne(HARBORVIEW, '2025-02-01');
    expect(lists(harborFeb.state_excluded)).toEqual(['NY']);
    expect(harborFeb.state_excluded[0].source.publisher_version).toBe('2025-01');
    const harborMay = await screenOne(HARBORVIEW, '2025-05-01');
    expect(harborMay).toMatchObject({ excluded: false, state_excluded: [], not_in_force: [] });
    expect(harborMay.sources.find((s: Json) => s.source_id === 'state_exclusions_ny').publisher_version).toBe(
      '2025-04',
    );

    expect((await comprehensive(NAKAMURA, '2025-03-31')).state_excluded).toEqual([]);
    const notYet = await comprehensive(NAKAMURA, '2025-04-05');
    // Found by NPI but not in force yet; the registry cannot name the NPI, so no name search could
    // be made: not known, never "not excluded".
    expect(notYet.excluded).toBeNull();
    expect(notYet.excluded_reason).toMatch(/no name was given nor found in the NPPES registry/);
    expect(notYet.not_in_force.map((h: Json) => [h.list_state, h.record.start_date])).toEqual([['NY', '2025-04-10']]);
    expect(lists((await comprehensive(NAKAMURA, '2025-04-10')).state_excluded)).toEqual(['NY']);
  });

  it('a state exclusion ends on its expiration date', async () => {
    const state = async (d: string) => (await w.get(`/exclusions/state/${BRANNIGAN}?as_of=${d}`)).body;
    expect(lists((await state('2025-03-30')).state_excluded)).toEqual(['NJ']);
    expect((await state('2025-03-31')).state_excluded).toEqual([]);
  });

  it('a date before any archived version is a gap per list, never the first version applied backwards', async () => {
    const body = await comprehensive(ALDERMAN, '2024-12-15');
    expect(body).toMatchObject({
      excluded: null,
      federal_excluded: null,
      federal: [],
      state_excluded: [],
      not_in_force: [],
    });
    // Only the registry (read as loaded today) is cited; no list version from after the date.
    expect(body.sources.map((s: Json) => s.source_id)).toEqual(['nppes']);
    const before = body.gaps.filter((g: Json) => g.reason === 'before_first_version').map((g: Json) => g.source_id);
    // Every list with an archived version: the two federal lists and all sixteen states.
    expect(before.sort()).toEqual(['gsa_sam_exclusions', 'oig_leie', ...stateSources().map((s) => s.sourceId)].sort());
    expect(before).toHaveLength(18);
    const crossref = (await w.get(`/exclusions/crossref/${ALDERMAN}?as_of=2024-12-15`)).body;
    expect(crossref.risk.flag).toBe('unknown');
    expect((await w.get(`/exclusions/state/${ALDERMAN}?as_of=2024-12-15`)).body.excluded).toBeNull();
    const coverage = (await w.get('/exclusions/state/coverage?as_of=2024-12-15')).body;
    expect(coverage.states_loaded).toEqual([]);
    expect(coverage.federal.loaded).toBe(false);
    // Issue 24 point 5: each list's standing; the federal list's gap blocks a negative verdict, a
    // state list not covering the date does not.
    expect(coverage.federal).toMatchObject({ standing: 'not_covering', blocks_excluded: true });
    for (const s of coverage.states)
      expect([s.state, s.standing, s.blocks_excluded]).toEqual([s.state, 'not_covering', false]);
    // The day the first versions begin, they answer.
    expect((await comprehensive(ALDERMAN, '2025-01-01')).excluded).toBe(true);
  });

  // Last: this test archives new versions, changing what later dates answer from.
  it('an archived version in force that could not be loaded is a gap, not the older version', async () => {
    const ny = fs.readFileSync(fixturePath('state_exclusions_ny', '2025-04', 'nyomig-0.txt')).toString('utf8');
    const archive = async (body: string, version: string) =>
      new Archive(w.h.deps).ingest({
        sourceId: 'state_exclusions_ny',
        name: 'nyomig-0.txt',
        body: Buffer.from(body),
        publisherVersion: version,
        effectiveFrom: `${version}-01`,
        origin: 'backfill',
        observedAt: new Date(`${version}-01T06:00:00Z`),
      });
    // May: a file that is not the OMIG layout (the load fails and the version stays unloaded).
    await archive('this is not the OMIG list\n', '2025-05');
    const failed = await syncCatalog(w.h.deps, { sourceIds: ['state_exclusions_ny'] });
    expect(failed.map((l) => [l.source_id, l.status])).toEqual([['state_exclusions_ny', 'failed']]);
    const may = await comprehensive(ALDERMAN, '2025-05-15');
    expect(may.state_excluded).toEqual([]);
    expect(may.sources.map((s: Json) => s.source_id)).not.toContain('state_exclusions_ny');
    expect(may.gaps.filter((g: Json) => g.source_id === 'state_exclusions_ny').map((g: Json) => g.reason)).toEqual([
      'not_loaded',
    ]);
    const mayCoverage = (await w.get('/exclusions/state/coverage?as_of=2025-05-15')).body;
    expect(mayCoverage.states.find((s: Json) => s.state === 'NY')).toMatchObject({
      standing: 'not_loaded',
      blocks_excluded: true,
    });
    expect(mayCoverage.states.find((s: Json) => s.state === 'NJ')).toMatchObject({
      standing: 'current',
      blocks_excluded: false,
    });

    // June: a good list without ALDERMAN.
    const june = ny
      .split('\n')
      .filter((l) => !l.startsWith('ALDERMAN'))
      .join('\n');
    await archive(june, '2025-06');
    const loads = await syncCatalog(w.h.deps, { sourceIds: ['state_exclusions_ny'] });
    // The May file is retried (and fails again); June loads.
    expect(loads.map((l) => l.status)).toEqual(['failed', 'loaded']);
    const jun = await comprehensive(ALDERMAN, '2025-06-10');
    expect(jun.state_excluded).toEqual([]);
    expect(jun.gaps.filter((g: Json) => g.source_id === 'state_exclusions_ny')).toEqual([]);
    expect(jun.sources.find((s: Json) => s.source_id === 'state_exclusions_ny').publisher_version).toBe('2025-06');
    // Earlier dates still answer from the versions in force then.
    expect((await comprehensive(ALDERMAN, '2025-05-15')).gaps.map((g: Json) => g.reason)).toContain('not_loaded');
    expect(lists((await comprehensive(ALDERMAN, '2025-04-15')).state_excluded)).toEqual(['NY']);
  });
});
