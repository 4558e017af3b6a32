import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 19, points 1 to 3: a DailyMed full release part and the class indexing (archived
 * 2025-03-03), then a daily update (2025-06-10) holding version 4 of one set_id, through the real
 * ingest path (zips of zips), loaded into dynalite, read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-06-11T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

const ZOLVERA = '7c1e4b2a-5d3f-4e8a-9b6c-1a2b3c4d5e6f';
const HALOX = '3f9d2c1b-8a7e-4d6c-b5a4-9e8f7d6c5b4a';
const TERVANIL = 'b2a1c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

describe('/rx/labels and /rx/drug-classes', () => {
  const world = catalogWorld(['nlm_dailymed_spl'], clock, 120_000);
  const get = world.get;

  it('lists one hit per set_id with its version, effective date, title, labeler and key sections', async () => {
    const { status, body } = await get('/rx/labels?as_of=2025-06-10');
    expect(status).toBe(200);
    expect(body.items.map((l: Json) => [l.set_id, l.version, l.effective_date])).toEqual([
      [HALOX, 1, '2024-06-10'], // no title: ordered by its product name
      [TERVANIL, 2, '2024-12-01'],
      [ZOLVERA, 4, '2025-06-10'],
    ]);
    expect(body.items[2]).toMatchObject({
      title: 'ZOLVERA (zolverakizumab) injection, for subcutaneous use Initial U.S. Approval: 2018',
      labeler: 'Brightwater Biologics, Inc.',
      sections_present: {
        boxed_warning: true,
        indications: true,
        dosage_and_administration: true,
        contraindications: true,
      },
      active_ingredients: ['ZOLVERAKIZUMAB'],
      source: {
        source_id: 'nlm_dailymed_spl',
        doc_id: 'dailymed:1',
        publisher_version: 'dm_spl_daily_update_06102025',
        member: `prescription/20250610_${ZOLVERA}.zip!a1000000-0000-4000-8000-00000000a004.xml`,
      },
    });
    expect(body.items[1].sections_present).toEqual({
      boxed_warning: false,
      indications: true,
      dosage_and_administration: true,
      contraindications: false,
    });
    expect(body).toMatchObject({ total: 3, sort: 'title', order: 'asc', next_offset: null, as_of: '2025-06-10' });
    expect(body.sources.map((s: Json) => s.name).sort()).toEqual([
      'dm_spl_daily_update_06102025.zip',
      'dm_spl_release_human_rx_part1.zip',
    ]);
    expect(body.methodology_note).toMatch(/34066-1/);
  });

  it('searches by drug name, labeler and required sections; pages', async () => {
    const ids = async (q: string) =>
      (await get(`/rx/labels?as_of=2025-06-10&${q}`)).body.items.map((l: Json) => l.set_id);
    expect(await ids('name=zolverakiz')).toEqual([ZOLVERA]);
    expect(await ids('name=haloxidine')).toEqual([HALOX]);
    expect(await ids('labeler=keystone%20gen')).toEqual([TERVANIL]);
    expect(await ids('section=boxed_warning')).toEqual([ZOLVERA]);
    expect(await ids('section=34070-3')).toEqual([HALOX, ZOLVERA]);
    expect(await ids('section=indications,dosage_and_administration&sort=set_id')).toEqual([HALOX, ZOLVERA, TERVANIL]);
    expect(await ids('sort=effective_date')).toEqual([ZOLVERA, TERVANIL, HALOX]);
    const page = await get('/rx/labels?as_of=2025-06-10&limit=2&offset=2');
    expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 2, next_offset: null });
    expect(page.body.items).toHaveLength(1);
    const first = await get('/rx/labels?as_of=2025-06-10&limit=2');
    expect(first.body.next_offset).toBe(2);
  });

  it('gives one label: section text, coded concepts, classes, history and pinned source links', async () => {
    const { status, body } = await get(`/rx/labels/${ZOLVERA.toUpperCase()}?as_of=2025-06-10`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      set_id: ZOLVERA,
      version: 4,
      effective_date: '2025-06-10',
      document_type: { loinc: '34391-3', name: 'HUMAN PRESCRIPTION DRUG LABEL' },
      labeler: { name: 'Brightwater Biologics, Inc.', duns: '079412356' },
    });
    expect(body.sections.boxed_warning).toEqual({
      loinc: '34066-1',
      present: true,
      title: 'WARNING: SERIOUS INFECTIONS',
      text: 'Serious and sometimes fatal infections, including tuberculosis, have occurred.\nTest for latent infection before starting.\nStop if a serious infection develops.',
      truncated: false,
    });
    expect(body.sections.contraindications.text).toMatch(/hypersensitivity to zolverakizumab/);
    expect(body.coded_concepts).toMatchObject({
      product_ndcs: ['71234-101'],
      package_ndcs: ['71234-101-01', '71234-101-02'],
      active_ingredients: [{ name: 'ZOLVERAKIZUMAB', unii: 'Q7X2K9M4PA' }],
    });
    expect(body.pharmacologic_classes.map((c: Json) => [c.class_code, c.class_type, c.class_name])).toEqual([
      ['N0000192799', 'EPC', 'Interleukin-23 Antagonist'],
      ['N0000192798', 'MoA', 'Interleukin-23 Antagonists'],
    ]);
    expect(body.pharmacologic_classes[0].source).toMatchObject({ doc_id: 'dailymed:2' });
    expect(body.version_history).toEqual([
      { version: 4, effective_date: '2025-06-10', document_id: 'a1000000-0000-4000-8000-00000000a004', in_force: true },
      {
        version: 3,
        effective_date: '2025-01-15',
        document_id: 'a1000000-0000-4000-8000-00000000a003',
        in_force: false,
      },
    ]);
    const sha = body.source_links.archived.sha256;
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    expect(body.source_links).toMatchObject({
      archived: { publisher_version: 'dm_spl_daily_update_06102025', locator: { line: 1, record: 1 } },
      archived_file: `/v1/archive/files/${sha}`,
    });
    expect(body.sources.map((s: Json) => s.doc_id).sort()).toEqual(['dailymed:1', 'dailymed:2']);
    expect(body.gaps).toEqual([]);

    // A salt ingredient reaches its classes through its active moiety.
    const terv = await get(`/rx/labels/${TERVANIL}?as_of=2025-06-10`);
    expect(terv.body.pharmacologic_classes.map((c: Json) => c.class_code)).toEqual(['N0000175556', 'N0000000161']);
    expect(terv.body.sections.boxed_warning).toEqual({
      loinc: '34066-1',
      present: false,
      title: null,
      text: null,
      truncated: false,
    });
  });

  it('answers from the label version in force: version 3 until the update, version 4 from its day', async () => {
    const before = await get(`/rx/labels/${ZOLVERA}?as_of=2025-06-09`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ version: 3, effective_date: '2025-01-15' });
    expect(before.body.sections.boxed_warning.text).toMatch(/^Serious infections leading to hospitalization/);
    expect(before.body.version_history.map((v: Json) => v.version)).toEqual([3]);
    expect(before.body.source_links.archived.publisher_version).toBeNull();
    const after = await get(`/rx/labels/${ZOLVERA}?as_of=2025-06-10`);
    expect(after.body.version).toBe(4);
    const list = await get('/rx/labels?as_of=2025-06-09&name=zolvera');
    expect(list.body.items.map((l: Json) => l.version)).toEqual([3]);
  });

  it('lists classes with label counts, filtered by name and type', async () => {
    const { status, body } = await get('/rx/drug-classes?as_of=2025-06-10');
    expect(status).toBe(200);
    expect(body.items.map((c: Json) => [c.class_name, c.class_type, c.substances, c.label_count])).toEqual([
      ['Adrenergic beta-Antagonists', 'MoA', 1, 1],
      ['beta-Adrenergic Blocker', 'EPC', 1, 1],
      ['Butyrophenones', 'CS', 1, 1],
      ['Central Nervous System Depression', 'PE', 1, 1],
      ['Dopamine D2 Antagonists', 'MoA', 1, 1],
      ['Interleukin-23 Antagonist', 'EPC', 1, 1],
      ['Interleukin-23 Antagonists', 'MoA', 1, 1],
      ['Typical Antipsychotic', 'EPC', 1, 1],
    ]);
    expect(body).toMatchObject({ total: 8, type_counts: { EPC: 3, MoA: 3, PE: 1, CS: 1 } });
    const epc = await get('/rx/drug-classes?as_of=2025-06-10&type=EPC&name=interleukin');
    expect(epc.body.items.map((c: Json) => c.class_code)).toEqual(['N0000192799']);
    expect(epc.body.type_counts).toEqual({ EPC: 1, MoA: 1 });
    expect(epc.body.sources.map((s: Json) => s.doc_id)).toContain('dailymed:2');
  });

  it('refuses bad input naming the parameter; an unknown label is a 404; nothing archived is a 503', async () => {
    const bad = async (url: string, param: string) => {
      const r = await get(url);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain(param);
    };
    await bad('/rx/labels/not-a-uuid', 'set_id');
    await bad('/rx/labels?section=warnings', 'section');
    await bad('/rx/labels?limit=101', 'limit');
    await bad('/rx/labels?as_of=2025-13-01', 'as_of');
    await bad('/rx/drug-classes?type=epc', 'type');
    await bad('/rx/labels?colour=red', 'colour');
    const missing = await get('/rx/labels/00000000-0000-4000-8000-000000000000?as_of=2025-06-10');
    expect(missing.status).toBe(404);
    const early = await get('/rx/labels?as_of=2025-03-01');
    expect(early.status).toBe(503);
    expect(JSON.stringify(early.body)).toContain('nlm_dailymed_spl');
    const earlyClasses = await get('/rx/drug-classes?as_of=2025-03-01');
    expect(earlyClasses.status).toBe(503);
  });
});
