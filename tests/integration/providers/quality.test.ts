import type { Clock } from '../../../shared/deps';
import { qualityDossierBlock } from '../../../shared/providers/quality-block';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 21 point 4, quality: the MIPS fixtures (PY 2022 from 2024-01-15; PY 2023 and the QPP
 * Experience file from 2025-01-15) and the NPPES fixtures archived through the real ingest path,
 * loaded by syncCatalog (the registry first: specialty is placed at load), read through the app.
 */
const TODAY = '2025-06-15';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('quality endpoints (MIPS)', () => {
  const world = catalogWorld(['nppes', 'cms_qpp_mips'], clock, 120_000);
  const get = world.get;

  it('/quality/{npi}: every row of the NPI with its source, specialty from the registry', async () => {
    const { status, body } = await get('/quality/1372640197');
    expect(status).toBe(200);
    expect(body.best_final_score).toBe(92.62);
    expect(body.scores).toHaveLength(1);
    expect(body.scores[0]).toMatchObject({
      performance_year: 'PY 2023',
      org_pac_id: '4587123690',
      final_score: 92.62,
      specialty: '207R00000X',
      specialty_from: 'nppes_taxonomy',
      state: 'PA',
      state_from: 'nppes_practice_address',
      source: { source_id: 'cms_qpp_mips', doc_id: 'mips_scores:1', publisher_version: 'PY 2023' },
    });
    expect(body.scores[0].source_row.final_MIPS_score).toBe('92.62');
    expect(body.methodology_note).toMatch(/reweighted/);
    for (const s of body.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
    const alias = await get('/mips/1372640197');
    expect(alias.body.scores).toEqual(body.scores);
  });

  it('as_of switches performance year on the day the next file is in force', async () => {
    const before = await get('/quality/1372640197?as_of=2025-01-14');
    expect(before.body.scores.map((s: Json) => [s.performance_year, s.org_pac_id, s.final_score])).toEqual([
      ['PY 2022', '4587123690', 84.44],
      ['PY 2022', '7219034586', 71.1],
    ]);
    expect(before.body.best_final_score).toBe(84.44);
    const after = await get('/quality/1372640197?as_of=2025-01-15');
    expect(after.body.scores.map((s: Json) => s.performance_year)).toEqual(['PY 2023']);
    expect((await get('/quality/1372640197?as_of=2023-12-31')).status).toBe(503);
  });

  it('leaderboards rank by final score, ties ending on NPI, filtered by state and minimum volume', async () => {
    const { status, body } = await get('/quality/leaderboards/internal-medicine');
    expect(status).toBe(200);
    expect(body.items.map((e: Json) => [e.rank, e.tie_rank, e.npi, e.final_score])).toEqual([
      [1, 1, '1000000038', 97.5],
      [2, 1, '1000000046', 97.5],
      [3, 1, '1000000053', 97.5],
      [4, 4, '1000000061', 81.2],
    ]);
    expect(body.items[0]).toMatchObject({ specialty_from: 'mips_file', state: 'TX', state_from: 'mips_file' });
    const tx = await get('/quality/leaderboards/internal-medicine?state=tx&min_volume=400');
    expect(tx.body.items.map((e: Json) => [e.rank, e.npi])).toEqual([
      [1, '1000000038'],
      [2, '1000000046'],
      [3, '1000000061'],
    ]);
    // Paged: the cursor carries the rank.
    const p1 = await get('/quality/leaderboards/internal-medicine?limit=2');
    expect(p1.body.items.map((e: Json) => e.rank)).toEqual([1, 2]);
    const p2 = await get(
      `/quality/leaderboards/internal-medicine?limit=2&cursor=${encodeURIComponent(p1.body.next_cursor)}`,
    );
    expect(p2.body.items.map((e: Json) => [e.rank, e.tie_rank, e.npi])).toEqual([
      [3, 1, '1000000053'],
      [4, 4, '1000000061'],
    ]);
  });

  it('a taxonomy leaderboard reads registry specialties; /mips and /provider serve the same', async () => {
    const { body } = await get('/quality/leaderboards/207r00000x');
    expect(body.specialty).toBe('207R00000X');
    expect(body.items.map((e: Json) => [e.npi, e.final_score])).toEqual([['1372640197', 92.62]]);
    for (const p of ['/mips/leaderboards/207R00000X', '/provider/leaderboards/207R00000X'])
      expect((await get(p)).body.items).toEqual(body.items);
  });

  it('bad input is a 400 naming the parameter; unknown ids are 404', async () => {
    const bad = await get('/quality/1372640198');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/npi/);
    const badSpec = await get('/quality/leaderboards/Internal%20Medicine!');
    expect(badSpec.status).toBe(400);
    expect(JSON.stringify(badSpec.body)).toMatch(/specialty/);
    const badVol = await get('/quality/leaderboards/internal-medicine?min_volume=-1');
    expect(badVol.status).toBe(400);
    expect(JSON.stringify(badVol.body)).toMatch(/min_volume/);
    expect((await get('/quality/1000000095')).status).toBe(404);
    expect((await get('/quality/leaderboards/podiatry')).status).toBe(404);
  });

  it('the dossier block: scores of the NPI, empty for an unlisted NPI, a gap before any file', async () => {
    const block = await qualityDossierBlock(world.h.deps, '1847362914', TODAY);
    expect(block.data).toMatchObject({ best_final_score: 88.5, performance_year: 'PY 2023' });
    expect(block.sources.length).toBeGreaterThan(0);
    const none = await qualityDossierBlock(world.h.deps, '1000000095', TODAY);
    expect(none.data).toEqual({ best_final_score: null, performance_year: null, scores: [] });
    const early = await qualityDossierBlock(world.h.deps, '1847362914', '2023-01-01');
    expect(early.data).toBeNull();
    expect(early.gaps.length).toBeGreaterThan(0);
  });
});
