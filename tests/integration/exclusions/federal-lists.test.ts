import { cachedFederalScreen } from '../../../shared/warrant/screen-cache';
import { type Json, replayHit, startWorld, type World } from './world';

/**
 * Issue 24 points 3 and 5: SAM.gov is a federal list beside the OIG LEIE (fixture extract of
 * 2025-07-01, shared/datasets/gsa_sam_exclusions/fixtures/). Hits say which list they came from; a
 * list that covers nothing on the date does not block a verdict, a stale one does.
 */
const QUENNELL_NPI = '1730151002';

describe('federal exclusion lists: the OIG LEIE and SAM.gov', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld();
  }, 90_000);
  afterAll(() => w.h.close());

  it('matches by NPI on SAM.gov, names the list, and the hit replays from the archived extract', async () => {
    const body = (await w.get(`/exclusions/comprehensive/${QUENNELL_NPI}?as_of=2025-07-03`)).body;
    expect(body.excluded).toBe(true);
    expect(body.federal_excluded).toBe(true);
    expect(body.federal.map((h: Json) => [h.list, h.list_id, h.match.method, h.record.name])).toEqual([
      ['federal', 'gsa_sam_exclusions', 'npi', 'Quennell, Marisol T'],
    ]);
    const hit = body.federal[0];
    expect(hit.source).toMatchObject({ source_id: 'gsa_sam_exclusions', doc_id: 'sam:1' });
    expect(body.sources.map((s: Json) => s.source_id)).toEqual(
      expect.arrayContaining(['oig_leie', 'gsa_sam_exclusions']),
    );
    const replayed = await replayHit(w.h, hit, body);
    expect(replayed).toMatchObject({ name: 'Quennell, Marisol T', npis: [QUENNELL_NPI], end_note: 'Indefinite' });
  });

  it('matches without an NPI by name and address state, people and firms alike', async () => {
    const { status, body } = await w.post('/exclusions/screen', {
      as_of: '2025-07-03',
      items: [
        { last_name: 'Tarrant', first_name: 'Oswin', state: 'OH' },
        { organization_name: 'Brightwater Durable Medical LLC', state: 'GA' },
        { last_name: 'Tarrant', first_name: 'Oswin', state: 'TX' },
      ],
    });
    expect(status).toBe(200);
    const seen = body.results.map((r: Json) => [r.excluded, r.federal.map((h: Json) => [h.list_id, h.match.method])]);
    expect(seen).toEqual([
      [true, [['gsa_sam_exclusions', 'name_state']]],
      [true, [['gsa_sam_exclusions', 'name_state']]],
      [false, []],
    ]);
  });

  it('before its first extract SAM.gov covers nothing and does not block; the LEIE still answers', async () => {
    const body = (await w.get(`/exclusions/comprehensive/${QUENNELL_NPI}?as_of=2025-06-15`)).body;
    expect(body.federal).toEqual([]);
    expect(body.gaps.filter((g: Json) => g.source_id === 'gsa_sam_exclusions').map((g: Json) => g.reason)).toEqual([
      'before_first_version',
    ]);
    const coverage = (await w.get('/exclusions/state/coverage?as_of=2025-06-15')).body;
    expect(coverage.federal_lists.map((l: Json) => [l.source_id, l.standing, l.blocks_excluded])).toEqual([
      ['oig_leie', 'current', false],
      ['cms_preclusion_list', 'not_covering', false],
      ['gsa_sam_exclusions', 'not_covering', false],
    ]);
    const { title: _t, access: _a, ...leie } = coverage.federal_lists[0];
    expect(coverage.federal).toEqual(leie);
  });

  it('the CMS Preclusion List is declared with its access rule and reported as a gap, never searched (issue 24 point 4)', async () => {
    const coverage = (await w.get('/exclusions/state/coverage?as_of=2025-07-03')).body;
    const preclusion = coverage.federal_lists.find((l: Json) => l.source_id === 'cms_preclusion_list');
    expect(preclusion).toMatchObject({ loaded: false, rows: 0, standing: 'not_covering', blocks_excluded: false });
    expect(preclusion.access).toMatch(/only to Medicare Part D plan sponsors and Medicare Advantage organizations/);
    expect(coverage.federal_lists.filter((l: Json) => l.access).map((l: Json) => l.source_id)).toEqual([
      'cms_preclusion_list',
    ]);
    const body = (await w.get(`/exclusions/comprehensive/${QUENNELL_NPI}?as_of=2025-07-03`)).body;
    expect(body.excluded).toBe(true);
    expect(body.gaps.filter((g: Json) => g.source_id === 'cms_preclusion_list')).toHaveLength(1);
    expect(body.sources.map((s: Json) => s.source_id)).not.toContain('cms_preclusion_list');
  });

  it('a stale SAM.gov extract (past the daily cadence’s 8-day critical age) leaves excluded null, and coverage says so', async () => {
    const coverage = (await w.get('/exclusions/state/coverage?as_of=2025-07-15')).body;
    expect(coverage.federal_lists.find((l: Json) => l.source_id === 'gsa_sam_exclusions')).toMatchObject({
      title: 'SAM.gov exclusions (GSA)',
      standing: 'stale',
      blocks_excluded: true,
      loaded: false,
    });
    const clean = (
      await w.post('/exclusions/screen', {
        as_of: '2025-07-15',
        items: [{ last_name: 'Nobody', first_name: 'Notlisted', state: 'OH' }],
      })
    ).body.results[0];
    expect(clean.excluded).toBeNull();
    expect(clean.excluded_reason).toMatch(/gsa_sam_exclusions stale_version/);
    const fresh = (
      await w.post('/exclusions/screen', {
        as_of: '2025-07-03',
        items: [{ last_name: 'Nobody', first_name: 'Notlisted', state: 'OH' }],
      })
    ).body.results[0];
    expect(fresh.excluded).toBe(false);
  });

  it('the warrant’s standing block screens the OIG LEIE alone (its facts cite LEIE rows)', async () => {
    const outcome = await cachedFederalScreen(w.h.deps, QUENNELL_NPI, '2025-07-03');
    expect(outcome.federal.map((v) => v.dataset.id)).toEqual(['oig_leie']);
    expect(outcome.results[0]!.federal).toEqual([]);
  });
});
