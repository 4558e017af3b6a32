import type { Clock } from '../../../shared/deps';
import { licenseDossierBlock } from '../../../shared/providers/license-block';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 21 points 5 and 6: the three state adapters (WA credentials, CO DORA licences, NY OPMC
 * actions), the NPDB public use file, the curated board directory and the NPPES registry archived
 * through the real ingest path, loaded by syncCatalog (NPPES first: the licence rows are matched to
 * NPIs at load), read through the app with the real SDK.
 */
const TODAY = '2025-08-01';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };
const ALDERMAN = '1847362914'; // NPPES fixture: NY licence 223344, OPMC actions in the NY fixtures
const CASTELLANO = '1372640197'; // NPPES fixture: the weekly update keeps her PA licence only (no PA adapter)

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('licence endpoints', () => {
  const world = catalogWorld(
    ['nppes', 'state_licenses_wa', 'state_licenses_co', 'state_licenses_ny', 'hrsa_npdb_puf', 'state_board_directory'],
    clock,
    180_000,
  );
  const get = world.get;

  it('/licenses/{npi}: the NPPES licence matched to the NY board actions, with verify_at and provenance', async () => {
    const { status, body } = await get(`/licenses/${ALDERMAN}?as_of=2025-07-05`);
    expect(status).toBe(200);
    expect(body.provider).toMatchObject({ last_name: 'ALDERMAN', entity_type: 'individual' });
    expect(body.licenses).toHaveLength(1);
    expect(body.licenses[0]).toMatchObject({
      state: 'NY',
      license_number: '223344',
      registered_in_nppes: true,
      bulk_data_held: true,
      board_record: null,
      board_status: 'actions_only_file',
      disciplinary_actions: 2,
      verify_at: {
        state: 'NY',
        scope: 'state',
        lookup_url: 'https://www.op.nysed.gov/verification-search',
        discipline_url: 'https://www.health.ny.gov/professionals/doctors/conduct/',
        bulk_data_held: true,
      },
    });
    expect(body.licenses[0].verify_at.source).toMatchObject({ source_id: 'state_board_directory' });
    expect(body.match_rule).toMatch(/last name/);
    const ids = body.sources.map((s: Json) => s.source_id);
    expect(ids).toEqual(expect.arrayContaining(['nppes', 'state_licenses_ny', 'state_board_directory']));
    for (const s of body.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('/licenses/{npi}: licences of states without an adapter say so and point to the national look-up', async () => {
    const { status, body } = await get(`/licenses/${CASTELLANO}`);
    expect(status).toBe(200);
    // The registry's latest row (the weekly update of 2025-02-16) lists the PA licence only.
    expect(body.licenses.map((l: Json) => [l.state, l.board_status, l.bulk_data_held, l.verify_at.scope])).toEqual([
      ['PA', 'no_bulk_data', false, 'national'],
    ]);
    expect(body.licenses[0].verify_at.lookup_url).toBe('https://www.docinfo.org/');
  });

  it('/licenses/{npi}: 400 naming npi, 404 for an NPI the registry lacks', async () => {
    const bad = await get('/licenses/1234567890');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/npi/);
    const unknown = await get('/licenses/1234567893');
    expect(unknown.status).toBe(404);
    const badDate = await get(`/licenses/${ALDERMAN}?as_of=2025-13-01`);
    expect(badDate.status).toBe(400);
  });

  it('/licenses/{npi}/disciplinary: newest first, matched by licence and name; switches with as_of', async () => {
    const july = await get(`/licenses/${ALDERMAN}/disciplinary?as_of=2025-07-05`);
    expect(july.status).toBe(200);
    expect(
      july.body.actions.map((a: Json) => [a.action, a.action_date, a.npi_match.method, a.npi_match.confidence]),
    ).toEqual([
      ['Suspension', '2025-06-25', 'nppes_license', 'high'],
      ['Probation', '2025-05-20', 'nppes_license', 'high'],
    ]);
    expect(july.body.actions[0].source).toMatchObject({
      source_id: 'state_licenses_ny',
      publisher_version: '2025-07-01',
    });
    expect(july.body.actions[0].verify_at.state).toBe('NY');
    expect(july.body.states_not_held).toEqual([]);
    expect(july.body.methodology_note).toMatch(/Washington flags/);
    // The as-of rule: on 2025-06-15 the June export is in force, with its one action.
    const june = await get(`/licenses/${ALDERMAN}/disciplinary?as_of=2025-06-15`);
    expect(june.body.actions.map((a: Json) => a.action)).toEqual(['Probation']);
    expect(june.body.actions[0].source.publisher_version).toBe('2025-06-01');
    // Before any state file: no actions, the gaps name the sources.
    const may = await get(`/licenses/${ALDERMAN}/disciplinary?as_of=2025-05-01`);
    expect(may.body.actions).toEqual([]);
    expect(may.body.gaps.map((g: Json) => g.source_id)).toEqual(
      expect.arrayContaining(['state_licenses_ny', 'state_licenses_wa', 'state_licenses_co']),
    );
  });

  it('/licenses/{npi}/disciplinary: states the provider is licensed in but that are not held', async () => {
    const { body } = await get(`/licenses/${CASTELLANO}/disciplinary`);
    expect(body.actions).toEqual([]);
    expect(body.states_not_held.map((v: Json) => [v.state, v.bulk_data_held])).toEqual([['PA', false]]);
  });

  it('/licenses/alerts/recent: dated actions in the window, newest first, filtered and paged by cursor', async () => {
    const { status, body } = await get('/licenses/alerts/recent?as_of=2025-07-05');
    expect(status).toBe(200);
    expect(body.since).toBe('2025-04-06');
    expect(body.items.map((a: Json) => [a.state, a.action_date])).toEqual([
      ['NY', '2025-06-25'],
      ['CO', '2025-06-12'],
      ['CO', '2025-06-06'],
      ['NY', '2025-05-20'],
      ['CO', '2025-05-11'],
      ['CO', '2025-05-05'],
      ['CO', '2025-04-10'],
    ]);
    expect(body.items[0]).toMatchObject({ npi: ALDERMAN, verify_at: { state: 'NY' } });
    expect(body.items[1].npi).toBeNull();
    expect(body.items.every((a: Json) => a.verify_at.lookup_url.startsWith('https://'))).toBe(true);
    expect(body.states_held).toEqual(['CO', 'NY', 'WA']);

    const ny = await get('/licenses/alerts/recent?as_of=2025-07-05&state=ny');
    expect(ny.body.items.map((a: Json) => a.action)).toEqual(['Suspension', 'Probation']);

    const first = await get('/licenses/alerts/recent?as_of=2025-07-05&limit=3');
    expect(first.body.items).toHaveLength(3);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const rest = await get(`/licenses/alerts/recent?as_of=2025-07-05&limit=10&cursor=${first.body.next_cursor}`);
    expect(rest.body.items.map((a: Json) => a.action_date)).toEqual([
      '2025-05-20',
      '2025-05-11',
      '2025-05-05',
      '2025-04-10',
    ]);
    expect(rest.body.next_cursor).toBeNull();

    const since = await get('/licenses/alerts/recent?as_of=2025-07-05&since=2025-06-10');
    expect(since.body.items).toHaveLength(2);
  });

  it('/licenses/alerts/recent: 400 naming the parameter; 503 naming the state sources before any file', async () => {
    for (const [q, name] of [
      ['since=2026-01-01', 'since'],
      ['state=ZZ', 'state'],
      ['limit=0', 'limit'],
      ['profession=wizard', 'profession'],
      ['color=red', 'color'],
    ]) {
      const r = await get(`/licenses/alerts/recent?as_of=2025-07-05&${q}`);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(name);
    }
    const early = await get('/licenses/alerts/recent?as_of=2025-01-01');
    expect(early.status).toBe(503);
    expect(JSON.stringify(early.body)).toMatch(/state_licenses_ny/);
  });

  it('/licenses/state/{state}: the adapter record with counts (below 11 withheld) and the board_directory block', async () => {
    const co = await get('/licenses/state/co?as_of=2025-07-05');
    expect(co.status).toBe(200);
    expect(co.body).toMatchObject({ state: 'CO', bulk_data_held: true });
    expect(co.body.adapter).toMatchObject({
      source_id: 'state_licenses_co',
      loaded: true,
      vintage: '2025-06-01',
      licenses: 16,
      actions: 13,
      withheld: [],
      carries_npi: false,
    });
    expect(co.body.board_directory.entries[0]).toMatchObject({ state: 'CO', scope: 'state', bulk_data_held: true });
    const ny = await get('/licenses/state/NY?as_of=2025-07-05');
    expect(ny.body.adapter).toMatchObject({ actions: null, withheld: ['actions'], rows: ['action'] });
  });

  it('/licenses/state/{state}: a state without an adapter says no bulk data is held and gives its verify_at', async () => {
    const fl = await get('/licenses/state/FL');
    expect(fl.status).toBe(200);
    expect(fl.body).toMatchObject({ state: 'FL', bulk_data_held: false, adapter: null });
    expect(fl.body.note).toMatch(/No bulk licence or discipline file of FL is held/);
    expect(fl.body.verify_at[0]).toMatchObject({ scope: 'state', lookup_url: expect.stringContaining('mqa-internet') });
    const wy = await get('/licenses/state/WY');
    expect(wy.body.verify_at.map((v: Json) => v.scope)).toEqual(expect.arrayContaining(['national']));
    const bad = await get('/licenses/state/XX');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('state');
  });

  it('/accuracy/discipline-coverage: without a key, per-state counts against the NPDB, below 11 withheld', async () => {
    const r = await world.h.request('/accuracy/discipline-coverage?as_of=2025-07-05');
    expect(r.status).toBe(200);
    const body = (await r.json()) as Json;
    const by = (st: string) => body.states.find((s: Json) => s.state === st);
    expect(by('CO')).toMatchObject({
      bulk_data_held: true,
      state_actions: 13,
      npdb_adverse_actions: 30,
      coverage_ratio: 0.433,
    });
    expect(by('WA')).toMatchObject({ state_actions: null, npdb_adverse_actions: 15, withheld: ['state_actions'] });
    expect(by('NY')).toMatchObject({ state_actions: null, npdb_adverse_actions: null, coverage_ratio: null });
    expect(by('FL')).toMatchObject({
      bulk_data_held: false,
      state_actions: null,
      npdb_adverse_actions: 22,
      withheld: [],
    });
    expect(by('TX')).toMatchObject({ npdb_adverse_actions: null, withheld: ['npdb_adverse_actions'] });
    expect(body.suppress_below).toBe(11);
    expect(body.methodology_note).toMatch(/not like for like|do not count the same things/);
    expect(body.sources.map((s: Json) => s.source_id)).toContain('hrsa_npdb_puf');
  });

  it('licenseDossierBlock: the license_intelligence block of the dossier', async () => {
    const block = await licenseDossierBlock(world.h.deps, ALDERMAN, '2025-07-05');
    expect(block.data).toMatchObject({ disciplinary_actions: 2, states_held: ['CO', 'NY', 'WA'] });
    expect(block.data!.licenses[0]).toMatchObject({
      state: 'NY',
      license_number: '223344',
      disciplinary_actions: 2,
      latest_action_date: '2025-06-25',
      verify_at: { state: 'NY', scope: 'state' },
    });
    expect(block.sources.map((s) => s.source_id)).toContain('state_licenses_ny');
    const none = await licenseDossierBlock(world.h.deps, CASTELLANO, '2025-07-05');
    expect(none.data).toMatchObject({ licenses: [], disciplinary_actions: 0 });
    const early = await licenseDossierBlock(world.h.deps, ALDERMAN, '2025-01-01');
    expect(early.data).toBeNull();
    expect(early.gaps.map((g) => g.source_id)).toContain('state_licenses_ny');
  });
});
