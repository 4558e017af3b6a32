import type { Clock } from '../../../shared/deps';
import { trialsDossierBlock } from '../../../shared/providers/trials-block';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 21 point 3: Open Payments fixtures (PY 2023 general initial 2024-06-28 and refresh
 * 2025-01-17; PY 2022; research and ownership 2025-01-17) and the ClinicalTrials.gov fixtures,
 * archived through the real ingest path, loaded by syncCatalog, read through the app.
 */
const TODAY = '2025-06-15';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('financial affiliation and investigator trials (Open Payments)', () => {
  const world = catalogWorld(['cms_open_payments', 'nlm_ctgov'], clock, 120_000);
  const get = world.get;

  it('summarizes payments by payer, year and nature, with links to the rows', async () => {
    const { status, body } = await get('/provider/1372640197/financial-affiliation');
    expect(status).toBe(200);
    // Received: 2023 general 24.75 + 4000 + 18.20 + 31.05; 2022 general 2000, research 900 as recipient, ownership 15000.
    expect(body.totals.total_usd).toBe(21974);
    expect(body.totals.by_year).toEqual([
      { key: '2022', payments: 3, total_usd: 17900 },
      { key: '2023', payments: 4, total_usd: 4074 },
    ]);
    expect(body.totals.by_payer.map((t: Json) => t.key)).toEqual([
      'Bellwether Devices LLC',
      'Quartzfield Pharmaceuticals Inc.',
    ]);
    const food = body.groups.find(
      (g: Json) => g.nature === 'Food and Beverage' && g.payer === 'Bellwether Devices LLC',
    );
    expect(food).toMatchObject({ program_year: 2023, kind: 'general', payments: 2, total_usd: 49.25 });
    const pi = body.groups.filter((g: Json) => g.role === 'principal_investigator');
    expect(pi.map((g: Json) => g.total_usd).sort()).toEqual([4200, 85000]);
    // The group's link lists exactly its rows.
    const rows = await get(food.rows);
    expect(rows.body.payments.items.map((p: Json) => [p.record_id, p.amount_usd, p.date])).toEqual([
      ['900000006', 31.05, '2023-11-30'],
      ['900000003', 18.2, '2023-07-19'],
    ]);
    expect(rows.body.payments.items[0].source).toMatchObject({
      source_id: 'cms_open_payments',
      publisher_version: 'PY2023 P2025-01-17',
    });
    expect(body.methodology_note).toMatch(/principal investigator/);
  });

  it('as_of: the refresh replaces the initial publication of its program year on its day', async () => {
    const before = await get('/provider/1372640197/financial-affiliation?as_of=2025-01-16');
    expect(before.body.totals.by_year).toEqual([
      { key: '2022', payments: 2, total_usd: 15900 },
      { key: '2023', payments: 3, total_usd: 3542.95 },
    ]);
    const after = await get(
      '/provider/1372640197/financial-affiliation?as_of=2025-01-17&program_year=2023&nature=Consulting%20Fee',
    );
    expect(after.body.payments.items.map((p: Json) => [p.record_id, p.amount_usd, p.change_type])).toEqual([
      ['900000002', 4000, 'CHANGED'],
    ]);
    expect((await get('/provider/1372640197/financial-affiliation?as_of=2024-01-18')).status).toBe(503);
  });

  it('bad input is a 400 naming the parameter; an NPI without payments is an empty answer', async () => {
    const bad = await get('/provider/1372640198/financial-affiliation');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/npi/);
    const badKind = await get('/provider/1372640197/financial-affiliation?kind=gifts');
    expect(badKind.status).toBe(400);
    expect(JSON.stringify(badKind.body)).toMatch(/kind/);
    const none = await get('/provider/1000000095/financial-affiliation');
    expect(none.status).toBe(200);
    expect(none.body.totals.payments).toBe(0);
    expect(none.body.groups).toEqual([]);
  });

  it('clinical trials: linked through research rows (PI NPI plus NCT id), completed from ClinicalTrials.gov', async () => {
    // The ClinicalTrials.gov set of 2024-06-01 is fresh on 2024-06-03 (daily cadence); the research file is in force from 2024-01-19.
    const { status, body } = await get('/provider/1372640197/clinical-trials?as_of=2024-06-03');
    expect(status).toBe(200);
    expect(body.items.map((t: Json) => [t.nct_id, t.link.roles, t.link.confidence, t.link.record_ids])).toEqual([
      ['NCT08999999', ['principal_investigator'], 1, ['700000002']],
      ['NCT09000002', ['principal_investigator'], 1, ['700000001']],
    ]);
    expect(body.items[0].trial).toBeNull();
    expect(body.items[1].trial).toMatchObject({ source: { source_id: 'nlm_ctgov' } });
    expect(body.method).toMatch(/Open Payments research rows/);
    expect((await get('/provider/1372640198/clinical-trials')).status).toBe(400);
    expect((await get('/provider/1000000095/clinical-trials')).body.items).toEqual([]);
  });

  it('the dossier block: the research links in two reads; a gap before any publication', async () => {
    const block = await trialsDossierBlock(world.h.deps, '1694038252', TODAY);
    expect(block.data?.trials.map((t) => t.nct_id)).toEqual(['NCT09000002']);
    const early = await trialsDossierBlock(world.h.deps, '1694038252', '2024-01-18');
    expect(early.data).toBeNull();
    expect(early.gaps.length).toBeGreaterThan(0);
  });
});
