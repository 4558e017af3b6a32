import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 18, point 7: /rx/summary over the drug economics datasets with only the NADAC files
 * archived and loaded (real ingest, syncCatalog into dynalite): the FDA NDC Directory datasets are
 * listed with their gaps, not left out, and the counts follow the version in force on `as_of`.
 */
const clock: Clock = { now: () => new Date('2025-07-10T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('/rx/summary', () => {
  const world = catalogWorld(['medicaid_nadac'], clock, 90_000);

  it('lists every dataset of the group with its rows in force, versions and gaps, and each source with its freshness', async () => {
    const { status, body } = await world.get('/rx/summary?as_of=2025-07-10');
    expect(status).toBe(200);
    const ids = body.datasets.map((d: Json) => d.dataset);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(['medicaid_nadac']));
    const nadac = body.datasets.find((d: Json) => d.dataset === 'medicaid_nadac');
    expect(nadac).toMatchObject({ in_force: true, rows_in_force: 5, gaps: [] });
    expect(nadac.versions).toEqual([
      expect.objectContaining({
        source_id: 'medicaid_nadac',
        publisher_version: '2025-07-09',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    const ndc = body.datasets.filter((d: Json) => d.source_ids.includes('fda_ndc_directory'));
    expect(ndc.length).toBeGreaterThan(0);
    for (const d of ndc) {
      expect(d).toMatchObject({ in_force: false, rows_in_force: 0, versions: [] });
      expect(d.gaps[0]).toMatchObject({ source_id: 'fda_ndc_directory', reason: 'not_archived' });
    }
    const status_ = Object.fromEntries(body.source_status.map((s: Json) => [s.source_id, s]));
    expect(status_.medicaid_nadac).toMatchObject({ refresh_cadence: 'weekly', last_load: { status: 'succeeded' } });
    expect(status_.medicaid_nadac.last_record_count).toBeGreaterThan(0);
    expect(status_.fda_ndc_directory).toMatchObject({ last_load: { status: 'never' }, last_record_count: null });
    expect(body.totals).toMatchObject({ datasets: ids.length, datasets_in_force: 1, rows_in_force: 5 });
    expect(body.sources).toEqual(nadac.versions);
    expect(body.methodology_note).toMatch(/freshness/i);
  });

  it('counts the version in force on the date asked', async () => {
    const before = await world.get('/rx/summary?as_of=2025-06-20');
    const nadac = before.body.datasets.find((d: Json) => d.dataset === 'medicaid_nadac');
    expect(nadac).toMatchObject({ in_force: false, rows_in_force: 0, versions: [] });
    expect(nadac.gaps[0]).toMatchObject({ source_id: 'medicaid_nadac' });
    const first = await world.get('/rx/summary?as_of=2025-06-25');
    expect(first.body.datasets.find((d: Json) => d.dataset === 'medicaid_nadac').versions[0]).toMatchObject({
      publisher_version: '2025-06-25',
    });
  });

  it('refuses a malformed date or an unknown parameter, naming it', async () => {
    const bad = await world.get('/rx/summary?as_of=2025-13-01');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/as_of/);
    const unknown = await world.get('/rx/summary?foo=1');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toMatch(/foo/);
  });
});
