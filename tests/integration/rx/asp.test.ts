import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 18, point 5: the CMS ASP files of 2025 Q1 and Q2 (payment limits and NDC-HCPCS crosswalk)
 * and the Purple Book extracts of January and April 2025, archived through the real ingest path,
 * loaded into dynalite, read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-05-01T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('/rx/asp and /rx/biosimilars', () => {
  const world = catalogWorld(['cms_asp_pricing', 'fda_purple_book'], clock, 120_000);
  const get = world.get;

  it('searches the payment limits by descriptor words, in HCPCS order, with provenance and the quarter', async () => {
    const { status, body } = await get('/rx/asp?q=Infliximab%2010mg&as_of=2025-02-15');
    expect(status).toBe(200);
    expect(body.items.map((i: Json) => i.hcpcs)).toEqual(['J1745']);
    expect(body.items[0]).toMatchObject({
      short_description: 'Infliximab not biosimil 10mg',
      dosage: '10 MG',
      payment_limit: 31.204,
      coinsurance_pct: 20,
      quarter: '2025 Q1',
      effective_from: '2025-01-01',
      effective_to: '2025-03-31',
      ndc_matches: [],
      source: { source_id: 'cms_asp_pricing', publisher_version: '2025 Q1' },
    });
    expect(body).toMatchObject({ total: 1, quarter: '2025 Q1', as_of: '2025-02-15', gaps: [], ndc: null });
    expect(body.methodology_note).toMatch(/106 %/);
    expect(body.sources).toEqual([
      expect.objectContaining({ source_id: 'cms_asp_pricing', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    const all = await get('/rx/asp?limit=5&as_of=2025-02-15');
    expect(all.body).toMatchObject({ total: 14, next_offset: 5, order: 'hcpcs' });
    expect(all.body.items.map((i: Json) => i.hcpcs)).toEqual(['90375', 'A9606', 'J1442', 'J1745', 'J2506']);
    // CPT-shaped code: no AMA descriptor; N/A limit: null.
    expect(all.body.items[0].short_description).toBeNull();
    expect(all.body.items[1].payment_limit).toBeNull();
    const last = await get('/rx/asp?limit=5&offset=10&as_of=2025-02-15');
    expect(last.body.items.map((i: Json) => i.hcpcs)).toEqual(['Q5103', 'Q5104', 'Q5107', 'Q5120']);
    expect(last.body.next_offset).toBeNull();
  });

  it('answers as of a date: the quarter in force switches on the first day of the next', async () => {
    const q1 = await get('/rx/asp?hcpcs=j1745&as_of=2025-03-31');
    expect(q1.body.items[0]).toMatchObject({ hcpcs: 'J1745', payment_limit: 31.204, quarter: '2025 Q1' });
    const q2 = await get('/rx/asp?hcpcs=J1745&as_of=2025-04-01');
    expect(q2.body.items[0]).toMatchObject({ payment_limit: 29.876, quarter: '2025 Q2' });
    expect(q2.body.sources[0]).toMatchObject({ publisher_version: '2025 Q2' });
    const added = await get('/rx/asp?hcpcs=Q5121&as_of=2025-03-31');
    expect(added.body.total).toBe(0);
    expect((await get('/rx/asp?hcpcs=Q5121&as_of=2025-04-01')).body.total).toBe(1);
  });

  it('finds codes by NDC in any form through the crosswalk of the quarter, and says so', async () => {
    for (const ndc of ['00069-0809-01', '0069-0809-01', '00069080901']) {
      const { status, body } = await get(`/rx/asp?ndc=${ndc}&as_of=2025-02-15`);
      expect(status).toBe(200);
      expect(body.items.map((i: Json) => i.hcpcs)).toEqual(['Q5103']);
      expect(body.items[0].ndc_matches).toEqual([
        expect.objectContaining({
          ndc11: '00069080901',
          ndc: '00069-0809-01',
          drug_name: 'Inflectra',
          bill_units_pkg: 10,
        }),
      ]);
      expect(body.ndc).toMatchObject({ matched: ['00069080901'], crosswalk_quarter: '2025 Q1' });
      expect(body.sources.map((s: Json) => s.doc_id).sort()).toEqual(['asp:1', 'asp:2']);
    }
    const ten = await get('/rx/asp?ndc=0069080901&as_of=2025-02-15');
    expect(ten.body.ndc).toMatchObject({
      form: 'ambiguous-10-digit',
      candidates: ['00069080901', '00690080901', '00690809001'],
      matched: ['00069080901'],
    });
    expect(ten.body.items.map((i: Json) => i.hcpcs)).toEqual(['Q5103']);
    const unknown = await get('/rx/asp?ndc=12345-6789-01&as_of=2025-02-15');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ total: 0, items: [], ndc: { matched: [] } });
    // Renflexis left the crosswalk in Q2.
    expect((await get('/rx/asp?ndc=78206-0121-01&as_of=2025-02-15')).body.total).toBe(1);
    expect((await get('/rx/asp?ndc=78206-0121-01&as_of=2025-04-15')).body.total).toBe(0);
  });

  it('refuses bad input naming the parameter, and 503s naming the source outside any quarter', async () => {
    const cases: [string, string][] = [
      ['/rx/asp?hcpcs=J17', 'hcpcs'],
      ['/rx/asp?ndc=12-34', 'ndc'],
      ['/rx/asp?limit=0', 'limit'],
      ['/rx/asp?as_of=2025-02-30', 'as_of'],
      ['/rx/asp?sort=price', 'sort'],
      ['/rx/biosimilars?interchangeable=maybe', 'interchangeable'],
      ['/rx/biosimilars?offset=-1', 'offset'],
    ];
    for (const [path, param] of cases) {
      const { status, body } = await get(path);
      expect([path, status]).toEqual([path, 400]);
      expect(body.errors.map((e: Json) => e.loc[e.loc.length - 1])).toContain(param);
    }
    const before = await get('/rx/asp?as_of=2024-12-31');
    expect(before.status).toBe(503);
    expect(JSON.stringify(before.body)).toMatch(/cms_asp_pricing/);
    const early = await get('/rx/biosimilars?as_of=2024-12-31');
    expect(early.status).toBe(503);
    expect(JSON.stringify(early.body)).toMatch(/fda_purple_book/);
  });

  it('puts each biosimilar beside its stated reference product and the payment limits, each link with its rule', async () => {
    const { status, body } = await get('/rx/biosimilars?as_of=2025-02-15');
    expect(status).toBe(200);
    expect(body.items.map((b: Json) => b.proprietary_name)).toEqual([
      'MVASI',
      'ZARXIO',
      'RENFLEXIS',
      'AVSOLA',
      'INFLECTRA',
      'SEMGLEE',
      'ZIEXTENZO',
      'WEZLANA',
    ]);
    expect(body.total).toBe(8);
    const inflectra = body.items.find((b: Json) => b.proprietary_name === 'INFLECTRA');
    expect(inflectra).toMatchObject({
      bla_number: '125911',
      molecule: 'infliximab',
      suffix: 'dyyb',
      interchangeable: false,
      reference_product: {
        bla_number: '103901',
        proprietary_name: 'REMICADE',
        link: { method: 'purple_book_stated_reference', confidence: 1 },
      },
      reference_asp: {
        status: 'linked',
        quarter: '2025 Q1',
        codes: [
          expect.objectContaining({
            hcpcs: 'J1745',
            payment_limit: 31.204,
            link: expect.objectContaining({ method: 'asp_descriptor_molecule_excluding_biosimilars', confidence: 0.9 }),
          }),
        ],
      },
      biosimilar_asp: { status: 'linked', codes: [expect.objectContaining({ hcpcs: 'Q5103', payment_limit: 11.842 })] },
      // No price-list snapshot is archived in this world.
      cheapest_price_list_product: {
        status: 'source_not_loaded',
        source_id: 'costplus_price_list',
        molecule: 'infliximab',
        product: null,
      },
    });
    const mvasi = body.items[0];
    expect(mvasi.products).toHaveLength(2);
    expect(mvasi.reference_asp.codes.map((c: Json) => [c.hcpcs, c.link.confidence])).toEqual([['J9035', 0.7]]);
    const ziextenzo = body.items.find((b: Json) => b.proprietary_name === 'ZIEXTENZO');
    expect(ziextenzo.reference_asp.codes.map((c: Json) => c.hcpcs)).toEqual(['J2506']);
    expect(ziextenzo.biosimilar_asp.codes[0].link.method).toBe('asp_descriptor_names_proper_name_with_suffix');
    const wezlana = body.items.find((b: Json) => b.proprietary_name === 'WEZLANA');
    expect(wezlana).toMatchObject({ interchangeable: true, first_interchangeable_exclusivity_exp_date: '2025-04-30' });
    expect(wezlana.reference_asp.status).toBe('ambiguous');
    expect(wezlana.reference_asp.codes.map((c: Json) => [c.hcpcs, c.link.confidence])).toEqual([
      ['J3357', 0.5],
      ['J3358', 0.5],
    ]);
    const semglee = body.items.find((b: Json) => b.proprietary_name === 'SEMGLEE');
    expect(semglee.reference_asp).toEqual({ status: 'not_found', quarter: '2025 Q1', codes: [] });
    expect(body.gaps).toEqual([expect.objectContaining({ source_id: 'costplus_price_list' })]);
    expect(body.methodology_note).toMatch(/name matches/);
    expect(body.sources.map((s: Json) => s.source_id).sort()).toEqual(['cms_asp_pricing', 'fda_purple_book']);
  });

  it('filters by molecule, reference product and interchangeability, and pages', async () => {
    const mol = await get('/rx/biosimilars?molecule=Infliximab&as_of=2025-02-15');
    expect(mol.body.items.map((b: Json) => b.proper_name)).toEqual([
      'infliximab-abda',
      'infliximab-axxq',
      'infliximab-dyyb',
    ]);
    const ref = await get('/rx/biosimilars?reference_product=remicade&limit=2&as_of=2025-02-15');
    expect(ref.body).toMatchObject({ total: 3, next_offset: 2 });
    const inter = await get('/rx/biosimilars?interchangeable=true&as_of=2025-02-15');
    expect(inter.body.items.map((b: Json) => b.proprietary_name)).toEqual(['SEMGLEE', 'WEZLANA']);
    const notInter = await get('/rx/biosimilars?interchangeable=false&as_of=2025-02-15');
    expect(notInter.body.total).toBe(6);
  });

  it('switches with the sources in force: a new biosimilar in April, the Q2 payment limits from April 1', async () => {
    const apr = await get('/rx/biosimilars?molecule=bevacizumab&as_of=2025-04-15');
    expect(apr.body.items.map((b: Json) => b.proprietary_name)).toEqual(['VEGZELMA', 'MVASI']);
    expect(apr.body.items[0].biosimilar_asp.status).toBe('not_found');
    const avsola = await get('/rx/biosimilars?reference_product=REMICADE&as_of=2025-04-15');
    const a = avsola.body.items.find((b: Json) => b.proprietary_name === 'AVSOLA');
    expect(a.biosimilar_asp.codes.map((c: Json) => c.hcpcs)).toEqual(['Q5121']);
    expect(a.reference_asp.codes[0]).toMatchObject({ hcpcs: 'J1745', payment_limit: 29.876, quarter: '2025 Q2' });
    const before = await get('/rx/biosimilars?reference_product=REMICADE&as_of=2025-03-31');
    const b = before.body.items.find((x: Json) => x.proprietary_name === 'AVSOLA');
    expect(b.biosimilar_asp.status).toBe('not_found');
    expect(b.reference_asp.codes[0].payment_limit).toBe(31.204);
  });
});
