import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 18, point 3: three weekly NADAC files (as of 2025-06-25, 07-02 and 07-09) archived through
 * the real ingest path, loaded by syncCatalog into dynalite (series and moves computed at load),
 * read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-07-10T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('NADAC series and movers', () => {
  const world = catalogWorld(['medicaid_nadac'], clock, 90_000);
  const get = world.get;

  it('gives the change-only series of an NDC in any form: a point only where the cost or its effective date changed', async () => {
    for (const form of ['00071015523', '0071-0155-23', '00071-0155-23']) {
      const { status, body } = await get(`/rx/ndcs/${form}/nadac?as_of=2025-07-10`);
      expect(status).toBe(200);
      expect(body.ndc11).toBe('00071015523');
      expect(
        body.points.map((p: Json) => [p.change, p.published_in, p.effective_date, p.nadac_per_unit, p.pct_change]),
      ).toEqual([
        ['added', '2025-06-25', '2025-06-11', 18.87214, null],
        ['changed', '2025-07-02', '2025-06-25', 18.87214, 0],
        ['changed', '2025-07-09', '2025-07-02', 19.81575, 5],
      ]);
    }
    const { body } = await get('/rx/ndcs/00093104801/nadac?as_of=2025-07-10');
    // Unchanged in the third file: no point for it.
    expect(body.points.map((p: Json) => p.published_in)).toEqual(['2025-06-25', '2025-07-02']);
    expect(body.points[1]).toMatchObject({
      previous_nadac_per_unit: 0.01794,
      nadac_per_unit: 0.02153,
      pct_change: 20.0111,
    });
    expect(body.current).toMatchObject({
      nadac_per_unit: 0.02153,
      effective_date: '2025-06-25',
      as_of_date: '2025-07-09',
      source: { source_id: 'medicaid_nadac', publisher_version: '2025-07-09' },
    });
    expect(body).toMatchObject({ as_of: '2025-07-10', gaps: [], weekly_files: 3 });
    expect(body.methodology_note).toMatch(/340B/);
    for (const s of body.sources)
      expect(s).toMatchObject({ source_id: 'medicaid_nadac', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('answers as of a date: the weekly file in force switches on its as-of date', async () => {
    const before = await get('/rx/ndcs/00093104801/nadac?as_of=2025-07-01');
    expect(before.body.points).toHaveLength(1);
    expect(before.body.current).toMatchObject({ nadac_per_unit: 0.01794, as_of_date: '2025-06-25' });
    const on = await get('/rx/ndcs/00093104801/nadac?as_of=2025-07-02');
    expect(on.body.points).toHaveLength(2);
    expect(on.body.current).toMatchObject({ nadac_per_unit: 0.02153, as_of_date: '2025-07-02' });
  });

  it('shows an NDC leaving the file as `removed`, with no current rate', async () => {
    const { status, body } = await get('/rx/ndcs/00904-5085-49/nadac?as_of=2025-07-10');
    expect(status).toBe(200);
    expect(body.current).toBeNull();
    expect(body.points.map((p: Json) => p.change)).toEqual(['added', 'removed']);
    expect(body.points[1]).toMatchObject({ nadac_per_unit: null, previous_nadac_per_unit: 0.08893 });
  });

  it('ranks the movers of a window by percent change, with direction, minimum and paging', async () => {
    const all = await get('/rx/nadac/movers?from=2025-07-01&to=2025-07-09&as_of=2025-07-10');
    expect(all.status).toBe(200);
    expect(all.body.items.map((m: Json) => [m.rank, m.ndc11, m.direction, m.pct_change])).toEqual([
      [1, '00093104801', 'up', 20.0111],
      [2, '00093736598', 'down', -19.992],
      [3, '00904677361', 'up', 10.0257],
      [4, '00093505698', 'down', -9.9976],
      [5, '00071015523', 'up', 5],
    ]);
    expect(all.body).toMatchObject({ total: 5, complete: true, exact_above_pct: null, next_offset: null });
    expect(all.body.items[0]).toMatchObject({
      ndc_description: 'METFORMIN HCL 500 MG TABLET',
      from_nadac_per_unit: 0.01794,
      to_nadac_per_unit: 0.02153,
      effective_date: '2025-06-25',
      published_in: '2025-07-02',
    });
    const down = await get('/rx/nadac/movers?from=2025-07-01&to=2025-07-09&direction=down&as_of=2025-07-10');
    expect(down.body.items.map((m: Json) => m.ndc11)).toEqual(['00093736598', '00093505698']);
    const big = await get('/rx/nadac/movers?window=2w&min_pct_change=10.01&limit=1&as_of=2025-07-10');
    expect(big.body).toMatchObject({ from: '2025-06-27', to: '2025-07-10', total: 3, next_offset: 1 });
    expect(big.body.items.map((m: Json) => m.ndc11)).toEqual(['00093104801']);
    const page2 = await get('/rx/nadac/movers?window=2w&min_pct_change=10.01&limit=1&offset=1&as_of=2025-07-10');
    expect(page2.body.items.map((m: Json) => m.rank)).toEqual([2]);
    // As of 2025-07-05 only the second file's moves are in force.
    const early = await get('/rx/nadac/movers?as_of=2025-07-05');
    expect(early.body.items.map((m: Json) => m.ndc11)).toEqual(['00093104801', '00093505698']);
  });

  it('refuses bad input naming the parameter, 404s an NDC NADAC never listed, 503s before the first file', async () => {
    const cases: [string, string][] = [
      ['/rx/ndcs/0071015523/nadac?as_of=2025-07-10', 'ndc11'],
      ['/rx/ndcs/123-45/nadac?as_of=2025-07-10', 'ndc11'],
      ['/rx/ndcs/00071015523/nadac?as_of=2025-13-01', 'as_of'],
      ['/rx/ndcs/00071015523/nadac?sort=price', 'sort'],
      ['/rx/nadac/movers?direction=sideways', 'direction'],
      ['/rx/nadac/movers?min_pct_change=-3', 'min_pct_change'],
      ['/rx/nadac/movers?window=1y', 'window'],
      ['/rx/nadac/movers?window=200d', 'window'],
      ['/rx/nadac/movers?from=2025-01-01&to=2025-07-09&as_of=2025-07-10', 'from'],
      ['/rx/nadac/movers?to=2025-08-01&as_of=2025-07-10', 'to'],
    ];
    for (const [path, param] of cases) {
      const { status, body } = await get(path);
      expect([path, status]).toEqual([path, 400]);
      expect(body.errors.map((e: Json) => e.loc[e.loc.length - 1])).toContain(param);
    }
    const ambiguous = await get('/rx/ndcs/0071015523/nadac');
    expect(ambiguous.body.errors[0].msg).toMatch(
      /00071015523 \(4-4-2\), 00710015523 \(5-3-2\) or 00710155203 \(5-4-1\)/,
    );
    const unknown = await get('/rx/ndcs/00000000000/nadac?as_of=2025-07-10');
    expect(unknown.status).toBe(404);
    const none = await get('/rx/ndcs/00071015523/nadac?as_of=2025-06-01');
    expect(none.status).toBe(503);
    expect(none.body.sources).toEqual(['medicaid_nadac']);
  });
});
