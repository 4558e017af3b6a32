import { providersGroup } from '../../../functions/providers/routes';
import { buildApp } from '../../../shared/app/build';
import type { Clock, Deps } from '../../../shared/deps';
import { systemQuality } from '../../../shared/providers/system-quality';
import { catalogWorld } from '../../helpers/catalog-world';
import { countingTable } from '../../helpers/counting-table';

/**
 * Issue 21 point 4, /quality/systems/{system_id}: the AHRQ Compendium fixtures (Lakeshore Health
 * HSI00000101: 140900, 143900, 140902 and a hospital without a CCN, 2023 release from 2024-03-20),
 * the DAC facility-affiliation fixtures (six Lakeshore clinicians from 2025-01-01, MARROWBY leaves
 * 140902 on 2025-04-01), the MIPS fixtures (PY 2022 from 2024-01-15, PY 2023 from 2025-01-15) and
 * NPPES, archived through the real ingest path, loaded into dynalite and read through the app.
 */
const TODAY = '2025-05-01';
const clock: Clock = { now: () => new Date(`${TODAY}T12:00:00.000Z`) };
const LAKESHORE = 'HSI00000101';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('quality of a health system (Compendium, DAC affiliations, MIPS)', () => {
  const world = catalogWorld(['ahrq_compendium', 'cms_dac', 'nppes', 'cms_qpp_mips'], clock, 240_000);
  const get = world.get;

  it('rolls up the clinicians of the system hospitals, each once, scored on the newest performance year', async () => {
    const { status, body } = await get(`/quality/systems/${LAKESHORE}?as_of=2025-03-01`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      system_id: LAKESHORE,
      system_name: 'Lakeshore Health',
      system_source: { source_id: 'ahrq_compendium', publisher_version: '2023' },
      performance_year: 'PY 2023',
      hospital_counts: { linked: 4, with_ccn: 3, read: 3, not_read_cap: 0 },
      // QUILLFEATHER is at 140900 and 140902: one clinician. OSTRANDER has no MIPS row; PELLETIER's has no score.
      clinician_counts: { affiliated: 6, with_mips_row: 5, scored: 4 },
      summary: { count: 4, mean: 76.31, median: 90.56, min: 31.5, max: 92.62 },
      cap: { affiliation_rows: 5000, rows_read: 7, truncated: false },
      total: 6,
      as_of: '2025-03-01',
    });
    expect(body.distribution.map((b: Json) => [b.band, b.clinicians])).toEqual([
      ['0-24.99', 0],
      ['25-49.99', 1],
      ['50-74.99', 0],
      ['75-89.99', 1],
      ['90-100', 2],
    ]);
    // ALDERMAN's specialty comes from the registry; the others are in no registry and the file names none.
    expect(body.by_specialty.map((s: Json) => [s.specialty, s.summary.count, s.summary.mean])).toEqual([
      [null, 3, 72.25],
      ['207Q00000X', 1, 88.5],
    ]);
    expect(
      body.by_hospital.map((h: Json) => [h.ccn, h.status, h.affiliated, h.scored, h.summary?.mean ?? null]),
    ).toEqual([
      ['140900', 'read', 3, 2, 92.62],
      ['143900', 'read', 0, 0, null],
      ['140902', 'read', 4, 3, 70.87],
      [null, 'no_ccn', 0, 0, null],
    ]);
    expect(body.items.map((c: Json) => [c.rank, c.tie_rank, c.npi, c.final_score, c.mips_rows])).toEqual([
      [1, 1, '1000000012', 92.62, 1],
      [2, 1, '1215000609', 92.62, 1],
      [3, 3, '1847362914', 88.5, 1],
      [4, 4, '1000000020', 31.5, 1],
      [5, null, '1000000087', null, 1],
      [6, null, '1215000500', null, 0],
    ]);
    const anna = body.items[0];
    expect(anna).toMatchObject({ last_name: 'QUILLFEATHER', first_name: 'ANNA' });
    expect(anna.hospitals.map((h: Json) => h.ccn)).toEqual(['140900', '140902']);
    expect(anna.hospitals[0].source).toMatchObject({ source_id: 'cms_dac', doc_id: 'dac:2' });
    expect(anna.score).toMatchObject({ performance_year: 'PY 2023', org_pac_id: '4587123690', layout: 'pdc_ec_score' });
    expect(anna.score.source).toMatchObject({ source_id: 'cms_qpp_mips', publisher_version: 'PY 2023' });
    expect(body.sources.map((s: Json) => [s.source_id, s.publisher_version])).toEqual([
      ['ahrq_compendium', '2023'],
      ['ahrq_compendium', '2023'],
      ['cms_dac', '2025-01'],
      ['cms_qpp_mips', 'PY 2023'],
      ['cms_qpp_mips', 'PY 2023'],
    ]);
    for (const s of body.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.gaps).toEqual([]);
    expect(body.methodology_note).toMatch(/counted once/);
  });

  it('is served the same under /mips and /provider, lower-case id accepted', async () => {
    const { body } = await get(`/quality/systems/${LAKESHORE}?as_of=2025-03-01`);
    for (const p of ['/mips/systems/hsi00000101', `/provider/systems/${LAKESHORE}`])
      expect((await get(`${p}?as_of=2025-03-01`)).body).toEqual(body);
  });

  it('pages the ranked clinicians with a cursor bound to the system and date', async () => {
    const seen: string[] = [];
    let url = `/quality/systems/${LAKESHORE}?as_of=2025-03-01&limit=4`;
    const p1 = await get(url);
    expect(p1.body.items.map((c: Json) => c.rank)).toEqual([1, 2, 3, 4]);
    seen.push(...p1.body.items.map((c: Json) => c.npi));
    url = `/quality/systems/${LAKESHORE}?as_of=2025-03-01&limit=4&cursor=${encodeURIComponent(p1.body.next_cursor)}`;
    const p2 = await get(url);
    expect(p2.body.items.map((c: Json) => [c.rank, c.npi])).toEqual([
      [5, '1000000087'],
      [6, '1215000500'],
    ]);
    expect(p2.body.next_cursor).toBeNull();
    expect(p2.body.clinician_counts).toEqual(p1.body.clinician_counts);
    // A cursor of another date is refused, naming the parameter.
    const other = await get(
      `/quality/systems/${LAKESHORE}?as_of=2025-03-02&limit=4&cursor=${encodeURIComponent(p1.body.next_cursor)}`,
    );
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body)).toContain('cursor');
  });

  it('switches on the right days: the PY 2022 file before 2025-01-15, MARROWBY gone from 2025-04-01', async () => {
    const early = (await get(`/quality/systems/${LAKESHORE}?as_of=2025-01-14`)).body;
    expect(early.performance_year).toBe('PY 2022');
    expect(early.clinician_counts).toEqual({ affiliated: 6, with_mips_row: 2, scored: 2 });
    expect(early.items.map((c: Json) => [c.npi, c.final_score])).toEqual([
      ['1847362914', 96.5],
      ['1000000012', 84.44],
      ['1000000020', null],
      ['1000000087', null],
      ['1215000500', null],
      ['1215000609', null],
    ]);
    const march = (await get(`/quality/systems/${LAKESHORE}?as_of=2025-03-31`)).body;
    expect(march.clinician_counts).toEqual({ affiliated: 6, with_mips_row: 5, scored: 4 });
    const april = (await get(`/quality/systems/${LAKESHORE}?as_of=2025-04-01`)).body;
    expect(april.clinician_counts).toEqual({ affiliated: 5, with_mips_row: 4, scored: 3 });
    expect(april.items.map((c: Json) => c.npi)).not.toContain('1000000020');
    expect(april.sources.find((s: Json) => s.source_id === 'cms_dac').publisher_version).toBe('2025-04');
  });

  it('before the first facility-affiliation file: the hospitals, clinician figures null, a gap naming cms_dac', async () => {
    const { status, body } = await get(`/quality/systems/${LAKESHORE}?as_of=2024-12-31`);
    expect(status).toBe(200);
    expect(body.clinician_counts).toEqual({ affiliated: null, with_mips_row: null, scored: null });
    expect(body).toMatchObject({ summary: null, total: null, items: [], distribution: [], performance_year: null });
    expect(body.by_hospital.map((h: Json) => h.status)).toEqual([
      'dac_not_loaded',
      'dac_not_loaded',
      'dac_not_loaded',
      'no_ccn',
    ]);
    // The QPP Experience file of PY 2023 is not in force yet either: its gap is named too.
    expect(body.gaps.map((g: Json) => [g.source_id, g.doc_id, g.reason])).toEqual([
      ['cms_dac', 'dac:2', 'before_first_version'],
      ['cms_qpp_mips', 'mips_experience:1', 'before_first_version'],
    ]);
    expect(body.sources.map((s: Json) => s.source_id)).toEqual(['ahrq_compendium', 'ahrq_compendium']);
  });

  it('a system with no affiliated clinician answers zeros; no Compendium in force is a 503 naming it', async () => {
    const west = (await get('/quality/systems/HSI00000102?as_of=2025-03-01')).body;
    expect(west.clinician_counts).toEqual({ affiliated: 0, with_mips_row: 0, scored: 0 });
    expect(west.summary).toEqual({ count: 0, mean: null, median: null, min: null, max: null });
    const none = await get(`/quality/systems/${LAKESHORE}?as_of=2024-01-01`);
    expect(none.status).toBe(503);
    expect(none.body).toMatchObject({ status: 503, sources: ['ahrq_compendium'] });
  });

  it.each([
    ['/quality/systems/HSI123', 'system_id'],
    ['/quality/systems/00000101', 'system_id'],
    [`/quality/systems/${LAKESHORE}?limit=0`, 'limit'],
    [`/quality/systems/${LAKESHORE}?limit=1001`, 'limit'],
    [`/quality/systems/${LAKESHORE}?cursor=nope`, 'cursor'],
    [`/quality/systems/${LAKESHORE}?as_of=2025-02-30`, 'as_of'],
    [`/quality/systems/${LAKESHORE}?state=IL`, 'state'],
  ])('400 naming the parameter: %s', async (path, param) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(JSON.stringify(body.errors ?? body)).toContain(param);
  });

  it('404 for a system id the Compendium in force lacks', async () => {
    const r = await get('/quality/systems/HSI00000999?as_of=2025-03-01');
    expect(r.status).toBe(404);
    // Prairie Catholic Health is in the 2022 release only.
    expect((await get('/quality/systems/HSI00000103?as_of=2025-03-01')).status).toBe(404);
  });

  it('answers in a bounded number of storage reads', async () => {
    const c = countingTable(world.h.deps.tables.catalog);
    const deps: Deps = { ...world.h.deps, tables: { ...world.h.deps.tables, catalog: c.table } };
    const app = buildApp([providersGroup], deps);
    const before = c.reads();
    const r = await app.request(`/quality/systems/${LAKESHORE}?as_of=2025-03-01`, { headers: world.key.headers });
    expect(r.status).toBe(200);
    const reads = c.reads() - before;
    // Heads of the four datasets (1 batched get), the system row (1 get), the hospital listing (2
    // queries: a listing reads its sort values, then its null segment; 0 when the process cached it),
    // 2 queries per hospital CCN (3 CCNs), the MIPS rows of the six NPIs in both versions (1 batched get).
    expect(reads).toBeGreaterThanOrEqual(1 + 1 + 2 * 3 + 1);
    expect(reads).toBeLessThanOrEqual(1 + 1 + 2 + 2 * 3 + 1);
  });

  it('says so when the affiliation cap cuts the system: later hospitals left out, never a silent cut', async () => {
    const body = await systemQuality(world.h.deps, LAKESHORE, '2025-03-01', { limit: 50 }, 3);
    expect(body.cap).toEqual({ affiliation_rows: 3, rows_read: 3, truncated: true });
    expect(body.hospital_counts).toEqual({ linked: 4, with_ccn: 3, read: 2, not_read_cap: 1 });
    expect(body.by_hospital.map((h) => [h.ccn, h.status, h.affiliated])).toEqual([
      ['140900', 'read', 3],
      ['143900', 'read', 0],
      ['140902', 'not_read_cap', null],
      [null, 'no_ccn', 0],
    ]);
    expect(body.clinician_counts).toEqual({ affiliated: 3, with_mips_row: 3, scored: 2 });
  });
});
