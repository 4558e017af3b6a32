import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 20: the Form 5500 fixtures (PY 2022 and two refreshes of PY 2023, each with its Schedules
 * A and C), the curated ownership table and a HUD ZIP crosswalk quarter archived through the real
 * ingest path and loaded by syncCatalog (schedules, ownership and crosswalk first, then the main
 * forms placed and rolled up at load), read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-03-01T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

const pick = (r: Json) => [
  r.sponsor_name.split(' ')[0],
  r.active_participants,
  r.health_funding_class,
  r.pbm?.key ?? null,
  r.integration,
];

describe('/rx/employers and /rx/pbms', () => {
  const world = catalogWorld(['dol_form5500', 'hud_usps_zip_crosswalk'], clock, 180_000);
  const get = world.get;

  it('lists the newest plan year, largest first, with funding class, PBM, fees, carriers and integration', async () => {
    const { status, body } = await get('/rx/employers?as_of=2025-03-01');
    expect(status).toBe(200);
    expect(body.items.map(pick)).toEqual([
      ['ACME', 12000, 'self_funded_with_stop_loss', 'caremark', 'same_parent'],
      ['BEACON', 8000, 'self_funded_only', 'express_scripts', 'different'],
      ['CAPITAL', 5000, 'self_funded_with_stop_loss', 'prime_therapeutics', 'blues_affiliated'],
      // The December refresh: Keystone's amended filing supersedes the first.
      ['KEYSTONE', 3300, 'insured_only', 'optumrx', 'same_parent'],
      ['LAKESHORE', 2500, 'self_funded_only', 'navitus', 'unclassified'],
      ['GEM', 1200, null, 'carelonrx', 'same_parent'],
      ['HARBOR', 900, 'self_funded_only', null, 'unclassified'],
      ['ACME', 400, 'insured_only', 'humana_pharmacy_solutions', 'same_parent'],
      ['FLOWER', 150, 'insured_only', null, 'unclassified'],
    ]);
    expect(body).toMatchObject({ year: 2023, years: [2023, 2022], gaps: [], next_cursor: null });
    const acme = body.items[0];
    expect(acme).toMatchObject({
      ein: '141234567',
      cbsa: '10580',
      pbm_fees: 300000,
      pbm: { key: 'caremark', name: 'CVS Caremark', parent: 'CVS Health Corporation' },
      integration_parent: 'CVS Health Corporation',
    });
    expect(acme.pbm_matches[0]).toMatchObject({
      as_filed: 'CAREMARK PCS HEALTH, L.L.C.',
      matched_by: 'alias:CAREMARK PCS HEALTH',
      direct_comp: 250000,
      indirect_comp: 50000,
    });
    expect(body.items[3].drug_carriers.map((c: Json) => [c.name, c.match?.entity_id])).toEqual([
      ['UNITEDHEALTHCARE INSURANCE COMPANY', 'unitedhealthcare'],
    ]);
    expect(body.items[5].funding_basis).toMatch(/^mixed/);
    expect(body.methodology_note).toMatch(/small insured plans are absent/);
    expect(body.methodology_note).toMatch(/\$5,000 or more of reportable compensation/);
    expect(body.sources).toEqual([
      expect.objectContaining({
        source_id: 'dol_form5500',
        publisher_version: 'PY 2023',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
  });

  it('filters by integration, funding class, state, metro, PBM and minimum participants', async () => {
    const keys = async (qs: string) => (await get(`/rx/employers?${qs}`)).body.items.map((r: Json) => r.plan_key);
    expect(await keys('integration=same_parent')).toEqual([
      '141234567-501',
      '231112223-501',
      '310555666-501',
      '141234567-502',
    ]);
    expect(await keys('funding_class=self_funded_with_stop_loss')).toEqual(['141234567-501', '146543210-501']);
    expect(await keys('state=oh')).toEqual(['340987654-501', '310555666-501']);
    expect(await keys('metro=14460')).toEqual(['042345678-501', '043330001-501']);
    expect(await keys('pbm=express_scripts')).toEqual(['042345678-501']);
    expect(await keys('min_participants=5000')).toEqual(['141234567-501', '042345678-501', '146543210-501']);
    expect(await keys('year=2022')).toEqual(['141234567-501']);
    const page = await get('/rx/employers?limit=2');
    expect(page.body.items).toHaveLength(2);
    const next = await get(`/rx/employers?limit=2&cursor=${encodeURIComponent(page.body.next_cursor)}`);
    expect(next.body.items.map((r: Json) => r.sponsor_name)).toEqual([
      'CAPITAL REGION SCHOOLS CONSORTIUM',
      'KEYSTONE LOGISTICS LLC',
    ]);
  });

  it('gives one employer its plans and filings by year, each with provenance; 404 and 400 otherwise', async () => {
    const { status, body } = await get('/rx/employers/14-1234567');
    expect(status).toBe(200);
    expect(body.ein).toBe('141234567');
    expect(body.plans.map((p: Json) => [p.plan_key, p.filings.map((f: Json) => [f.form_year, f.pbm?.key])])).toEqual([
      [
        '141234567-501',
        [
          [2023, 'caremark'],
          [2022, 'express_scripts'],
        ],
      ],
      ['141234567-502', [[2023, 'humana_pharmacy_solutions']]],
    ]);
    expect(body.plans[0].filings[0].source).toMatchObject({
      source_id: 'dol_form5500',
      publisher_version: 'PY 2023',
      locator: { record: 1 },
    });
    expect(body.sources.map((s: Json) => s.publisher_version).sort()).toEqual(['PY 2022', 'PY 2023']);
    expect((await get('/rx/employers/999999999')).status).toBe(404);
    const bad = await get('/rx/employers/12345');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/ein/);
  });

  it('rolls up by metro, by integration class and parent, and by PBM with the name mappings', async () => {
    const metros = await get('/rx/employers/metros');
    expect(metros.status).toBe(200);
    expect(metros.body.items.map((m: Json) => [m.cbsa, m.plans, m.active_participants, m.pbm_fees])).toEqual([
      ['10580', 3, 17400, 345000],
      ['14460', 2, 8900, 120000],
      ['25420', 1, 3300, 15000],
      ['45780', 1, 2500, 30000],
      ['19430', 1, 1200, 8000],
      ['40380', 1, 150, 0],
    ]);
    expect(metros.body.placement).toMatch(/HUD/);
    const integ = await get('/rx/employers/integration?largest=2');
    expect(integ.body.by_class.map((c: Json) => [c.integration, c.plans, c.active_participants])).toEqual([
      ['same_parent', 4, 16900],
      ['different', 1, 8000],
      ['blues_affiliated', 1, 5000],
      ['unclassified', 3, 3550],
    ]);
    expect(integ.body.by_parent.find((p: Json) => p.integration_parent === 'CVS Health Corporation')).toMatchObject({
      integration: 'same_parent',
      plans: 1,
      pbm_fees: 300000,
    });
    expect(integ.body.largest_plans.map((p: Json) => p.plan_key)).toEqual(['141234567-501', '042345678-501']);
    const only = await get('/rx/employers/integration?integration=blues_affiliated');
    expect(only.body.by_class.map((c: Json) => c.integration)).toEqual(['blues_affiliated']);
    expect(only.body.largest_plans.map((p: Json) => p.plan_key)).toEqual(['146543210-501']);
    const p = await get('/rx/pbms');
    expect(p.status).toBe(200);
    expect(p.body.items.map((r: Json) => [r.pbm_key, r.plans, r.active_participants, r.pbm_fees])).toEqual([
      ['caremark', 1, 12000, 300000],
      ['express_scripts', 1, 8000, 120000],
      ['prime_therapeutics', 1, 5000, 40000],
      ['optumrx', 1, 3300, 15000],
      ['navitus', 1, 2500, 30000],
      ['carelonrx', 1, 1200, 8000],
      ['humana_pharmacy_solutions', 1, 400, 5000],
    ]);
    expect(p.body.items[0].name_mappings).toContain('alias:CAREMARK PCS HEALTH');
    expect(p.body.items[0].citations[0].url).toMatch(/^https:\/\/www\.sec\.gov\//);
    expect(p.body.normalization).toMatch(/legal-form words/);
    expect(p.body.total).toBe(7);
  });

  it('answers as of a date: the June refresh before December, PY 2022 alone before June, 503 before any', async () => {
    const june = await get('/rx/employers?as_of=2024-07-01');
    expect(june.body.items.map((r: Json) => r.sponsor_name.split(' ')[0])).not.toContain('HARBOR');
    expect(june.body.items.find((r: Json) => r.ein === '231112223').active_participants).toBe(3000);
    const dec = await get('/rx/employers?as_of=2024-12-01');
    expect(dec.body.items.find((r: Json) => r.ein === '231112223').active_participants).toBe(3300);
    const early = await get('/rx/employers?as_of=2024-01-15');
    expect(early.body).toMatchObject({ year: 2022, years: [2022] });
    const none = await get('/rx/employers?as_of=2023-06-01');
    expect(none.status).toBe(503);
    expect(JSON.stringify(none.body)).toMatch(/dol_form5500/);
  });

  it('refuses bad filters with a 400 naming the parameter', async () => {
    for (const [qs, name] of [
      ['funding_class=self', 'funding_class'],
      ['integration=owned', 'integration'],
      ['metro=ABC', 'metro'],
      ['min_participants=-1', 'min_participants'],
      ['pbm=Express%20Scripts', 'pbm'],
      ['year=2019', 'year'],
    ]) {
      const r = await get(`/rx/employers?${qs}`);
      expect([r.status, JSON.stringify(r.body).includes(name!)]).toEqual([400, true]);
    }
    expect((await get('/rx/pbms?limit=0')).status).toBe(400);
    expect((await get('/rx/employers/metros?metro=1')).status).toBe(400);
  });
});
