import { Archive } from '../../../shared/archive/ingest';
import { syncCatalog } from '../../../shared/catalog/sync';
import { MAX_ROWS_PER_KEY } from '../../../shared/catalog/writer';
import type { Clock } from '../../../shared/deps';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';

/**
 * A drug concept with more NDCs than an index entry holds (MAX_ROWS_PER_KEY): the ingredient's
 * counts read that drug's whole `by_drug` partition, so none is left out.
 */
const clock: Clock = { now: () => new Date('2025-06-10T12:00:00.000Z') };
const NDCS = MAX_ROWS_PER_KEY + 50;

describe('/rx/ingredients/{rxcui} with a drug of many NDCs', () => {
  let h: Harness;
  let key: TestKey;
  beforeAll(async () => {
    h = await startHarness({ clock });
    const files: [string, string][] = [
      [
        'RXNCONSO.RRF',
        '161|ENG||||||1|1|161||RXNORM|IN|161|acetaminophen||N|4096|\n900201|ENG||||||2|2|900201||RXNORM|SCD|900201|acetaminophen 500 MG Oral Tablet||N|4096|\n',
      ],
      [
        'RXNREL.RRF',
        '161|||RO|900200|||has_ingredient|R1||RXNORM|RXNORM|||N|4096|\n900200|||RO|900201|||consists_of|R2||RXNORM|RXNORM|||N|4096|\n',
      ],
      [
        'RXNSAT.RRF',
        Array.from(
          { length: NDCS },
          (_, i) => `900201|||3|AUI|900201|AT${i}||NDC|RXNORM|${String(100_000_000_000 + i).slice(1)}|N|4096|\n`,
        ).join(''),
      ],
    ];
    for (const [name, text] of files) {
      await new Archive(h.deps).ingest({
        sourceId: 'nlm_rxnorm',
        name,
        body: Buffer.from(text),
        publisherVersion: '2025-06-02',
        effectiveFrom: '2025-06-02',
        observedAt: new Date('2025-06-02T12:00:00Z'),
      });
    }
    await syncCatalog(h.deps);
    key = await createTestKey(h.deps, 'free', []);
  }, 120_000);
  afterAll(() => h?.close());

  it('counts every NDC of the drug, past the index entry cap', async () => {
    const r = await h.request('/rx/ingredients/161?as_of=2025-06-10', { headers: key.headers });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { ndc_counts: { total: number }; ndcs: { ndc11: string }[]; gaps: unknown[] };
    expect(body.gaps.filter((g) => (g as { source_id: string }).source_id === 'nlm_rxnorm')).toEqual([]);
    expect(body.ndc_counts.total).toBe(NDCS);
    expect(new Set(body.ndcs.map((n) => n.ndc11)).size).toBe(NDCS);
  });
});
