import type { Clock } from '../../../shared/deps';
import { catalogWorld } from '../../helpers/catalog-world';

/**
 * Issue 18, points 1 and 3: the FDA NDC Directory fixtures (2025-07-01 and 2025-07-08, finished,
 * unfinished and excluded files) and the NADAC weekly files (2025-06-25, 07-02, 07-09), archived
 * through the real ingest path, loaded into dynalite, read through the app with the real SDK.
 */
const clock: Clock = { now: () => new Date('2025-07-10T12:00:00.000Z') };

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected field by field
type Json = any;

describe('/rx/ndcs/{ndc11}', () => {
  const world = catalogWorld(['medicaid_nadac', 'fda_ndc_directory'], clock, 120_000);
  const get = world.get;
  const status = async (ndc: string, asOf = '2025-07-10') => {
    const { body } = await get(`/rx/ndcs/${ndc}?as_of=${asOf}`);
    return [body.status, body.status_reason];
  };

  it('profiles a package from the directory in force with its latest NADAC rate, in any NDC form', async () => {
    for (const form of ['0071-0155-23', '00071015523', '00071-0155-23']) {
      const { status: code, body } = await get(`/rx/ndcs/${form}?as_of=2025-07-10`);
      expect(code).toBe(200);
      expect(body).toMatchObject({
        ndc11: '00071015523',
        ndc_hyphenated: '00071-0155-23',
        status: 'active',
        status_reason: 'listed',
        package: {
          package_code: '0071-0155-23',
          description: '90 TABLET, FILM COATED in 1 BOTTLE (0071-0155-23)',
          directory_file: 'finished',
          sample_package: false,
          source: { source_id: 'fda_ndc_directory', doc_id: 'ndc:2', publisher_version: '2025-07-08' },
        },
        product: {
          proprietary_name: 'Lipitor',
          nonproprietary_name: 'atorvastatin calcium',
          labeler_name: 'Parke-Davis Div of Pfizer Inc',
          dosage_form: 'TABLET, FILM COATED',
          routes: ['ORAL'],
          strengths: [{ substance: 'ATORVASTATIN CALCIUM TRIHYDRATE', strength: '20', unit: 'mg/1' }],
          marketing_category: 'NDA',
          application_number: 'NDA020702',
          appl_no: '020702',
          start_marketing_date: '1996-12-17',
          end_marketing_date: null,
        },
        nadac: { in_force: true, rate: { nadac_per_unit: 19.81575, effective_date: '2025-07-02' } },
        as_of: '2025-07-10',
        gaps: [],
      });
      expect(body.methodology_note).toMatch(/Status rule/);
      expect(body.methodology_note).toMatch(/340B/);
    }
    const { body } = await get('/rx/ndcs/00071015523?as_of=2025-07-10');
    expect(new Set(body.sources.map((s: Json) => s.source_id))).toEqual(
      new Set(['fda_ndc_directory', 'medicaid_nadac']),
    );
    for (const s of body.sources) expect(s.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('says active, obsolete or unknown, with the reason', async () => {
    expect(await status('00904-5085-49')).toEqual(['obsolete', 'marketing_ended']);
    expect(await status('00093-1048-01')).toEqual(['obsolete', 'delisted']);
    expect(await status('50090-1234-0')).toEqual(['obsolete', 'excluded']);
    expect(await status('68180-517-01')).toEqual(['active', 'listed']);
    expect(await status('65015-612-25')).toEqual(['active', 'listed']);
    expect(await status('0069-4200-30')).toEqual(['active', 'listed']);
    const unknown = await get('/rx/ndcs/00000-0000-00?as_of=2025-07-10');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({
      status: 'unknown',
      status_reason: 'not_found',
      package: null,
      product: null,
      nadac: null,
    });
  });

  it('gives the last NADAC rate of an NDC the file in force no longer lists, and the delisting version', async () => {
    const saline = await get('/rx/ndcs/00904508549?as_of=2025-07-10');
    expect(saline.body.nadac).toMatchObject({
      in_force: false,
      rate: { nadac_per_unit: 0.08893, as_of_date: '2025-06-25', pricing_unit: 'ML' },
    });
    expect(saline.body.sources.map((s: Json) => s.publisher_version)).toContain('2025-06-25');
    const metformin = await get('/rx/ndcs/00093104801?as_of=2025-07-10');
    expect(metformin.body.last_listed).toMatchObject({ publisher_version: '2025-07-01', from: '2025-07-01' });
    expect(metformin.body.package).toBeNull();
    expect(metformin.body.nadac).toMatchObject({ in_force: true, rate: { nadac_per_unit: 0.02153 } });
    const sample = await get('/rx/ndcs/0069-4200-01?as_of=2025-07-10');
    expect(sample.body).toMatchObject({ package: { sample_package: true }, nadac: null });
    const combo = await get('/rx/ndcs/68180051701?as_of=2025-07-10');
    expect(combo.body.product.strengths).toHaveLength(2);
    expect(combo.body.product.pharm_classes).toContain('Thiazide Diuretic [EPC]');
  });

  it('switches with the directory version in force on the date', async () => {
    expect(await status('0071-0155-40', '2025-07-07')).toEqual(['active', 'listed']);
    expect(await status('0071-0155-40', '2025-07-08')).toEqual(['obsolete', 'marketing_ended']);
    expect(await status('00093-1048-01', '2025-07-07')).toEqual(['active', 'listed']);
    expect(await status('00093-1048-01', '2025-07-08')).toEqual(['obsolete', 'delisted']);
  });

  it('answers from NADAC alone before the directory, with the gap; 503 when neither is in force; 400 naming ndc11', async () => {
    const early = await get('/rx/ndcs/00093104801?as_of=2025-06-26');
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ status: 'active', status_reason: 'nadac_only', package: null });
    expect(early.body.gaps.map((g: Json) => g.source_id)).toContain('fda_ndc_directory');
    const none = await get('/rx/ndcs/00093104801?as_of=2025-06-01');
    expect(none.status).toBe(503);
    expect(none.body.sources).toEqual(['fda_ndc_directory', 'medicaid_nadac']);
    for (const bad of ['0071015523', '12345', '0071-0155-2x']) {
      const r = await get(`/rx/ndcs/${bad}?as_of=2025-07-10`);
      expect(r.status).toBe(400);
      expect(r.body.errors[0].loc).toEqual(['path', 'ndc11']);
    }
    const extra = await get('/rx/ndcs/00071015523?as_of=2025-07-10&format=xml');
    expect(extra.status).toBe(400);
    expect(extra.body.errors[0].loc).toEqual(['query', 'format']);
  });
});
