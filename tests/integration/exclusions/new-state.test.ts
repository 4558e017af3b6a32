import { Archive } from '../../../shared/archive/ingest';
import { syncCatalog } from '../../../shared/catalog/sync';
import { SOURCE_MODULES } from '../../../shared/datasets/index.generated';
import { installModules } from '../../../shared/datasets/install';
import { defineSource } from '../../../shared/datasets/module';
import { type ExclusionRecord, emptyRecord } from '../../../shared/exclusions/record';
import { csvRecords } from '../../../shared/publishers/common/csv';
import { at, HeaderIndex } from '../../../shared/publishers/common/header';
import type { ByteInput } from '../../../shared/publishers/common/types';
import { parserFor } from '../../../shared/sources/registry';
import { stateExclusionsDataset } from '../../../shared/state-exclusions/dataset';
import { dateCell, npisIn } from '../../../shared/state-exclusions/fields';
import { defineLayout } from '../../../shared/state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../../shared/state-exclusions/lists';
import { type Harness, startHarness } from '../../helpers/harness';
import { createTestKey, type TestKey } from '../../helpers/keys';

/**
 * A new state list is one folder: what a `shared/datasets/state_exclusions_wy/` would hold (its
 * layout, its source with the layout as its document's parser, its module) is built here and
 * installed beside the real folders, with no edit anywhere else. The state exclusions dataset, its
 * load, the coverage report and the state screen then include it.
 */
const ID = 'state_exclusions_wy/test-csv';

async function* parseWy(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let h: HeaderIndex | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    if (!h) {
      h = new HeaderIndex(rec.fields, ID, rec.line);
      for (const c of ['Name', 'NPI', 'Start']) h.require(c);
      continue;
    }
    const r = emptyRecord('state', 'WY', { line: rec.line, record: ++count });
    r.name = at(rec.fields, h.find('Name'));
    r.entity_type = 'organization';
    r.organization_name = r.name;
    r.npis = npisIn(at(rec.fields, h.find('NPI'))).npis;
    r.state = 'WY';
    r.start_date = dateCell(at(rec.fields, h.find('Start')), ID, rec.line).date;
    yield r;
  }
}

const wyLayout = defineLayout({
  sourceId: 'state_exclusions_wy',
  state: 'WY',
  id: ID,
  match: /\.csv$/i,
  format: 'CSV: Name, NPI, Start (test layout)',
  parse: parseWy,
});

const wyModule = defineSource({
  source: declareStateList({
    st: 'wy',
    publisher: 'Wyoming Department of Health (test)',
    title: 'Wyoming Medicaid exclusion list (test)',
    urls: [listing('https://health.wyo.gov/', PAGE_NOTE)],
    docs: [{ title: 'Exclusion list (CSV)', match: /\.csv$/i, parser: readWith(wyLayout) }],
  }),
  datasets: [stateExclusionsDataset],
});

const NPI = '1529384707';

describe('a new state list needs no edit outside its folder', () => {
  let h: Harness;
  let key: TestKey;

  beforeAll(async () => {
    installModules([...SOURCE_MODULES, wyModule]);
    h = await startHarness();
    key = await createTestKey(h.deps, 'free', []);
  });

  afterAll(async () => {
    installModules(SOURCE_MODULES);
    await h?.close();
  });

  it('is a source of the state exclusions dataset, read by the layout its document declares', () => {
    expect(stateExclusionsDataset.docs).toContainEqual({
      sourceId: 'state_exclusions_wy',
      docId: 'stx_wy:1',
      mode: 'snapshot',
    });
    expect(parserFor('state_exclusions_wy', 'wy.csv')).toBe(wyLayout);
    expect(
      stateExclusionsDataset.parserFor({ source_id: 'state_exclusions_wy', doc_id: 'stx_wy:1', name: 'wy.csv' }),
    ).toBe(wyLayout);
    expect(wyModule.source.cadence).toEqual({ cadence: 'monthly' });
  });

  it('loads, and the coverage report and the state screen include it', async () => {
    const get = async (p: string) => {
      const r = await h.request(p, { headers: key.headers });
      expect(r.status).toBe(200);
      return r.json();
    };
    const before = await get('/exclusions/state/coverage?as_of=2025-02-15');
    expect(before.states.find((s: { state: string }) => s.state === 'WY')).toMatchObject({
      source_id: 'state_exclusions_wy',
      loaded: false,
      layouts: [{ id: ID, format: wyLayout.format }],
    });
    expect(before.states_without_list).not.toContain('WY');

    await new Archive(h.deps).ingest({
      sourceId: 'state_exclusions_wy',
      name: 'wy.csv',
      body: Buffer.from(`Name,NPI,Start\nBIG HORN MEDICAL SUPPLY LLC,${NPI},2024-06-01\nOTHER CLINIC,,2023-01-01\n`),
      publisherVersion: '2025-01',
      effectiveFrom: '2025-01-01',
    });
    const loads = await syncCatalog(h.deps, { sourceIds: ['state_exclusions_wy'] });
    expect(loads.map((l) => [l.source_id, l.status, l.rows])).toEqual([['state_exclusions_wy', 'loaded', 2]]);

    const after = await get('/exclusions/state/coverage?as_of=2025-02-15');
    expect(after.states_loaded).toContain('WY');
    expect(after.states.find((s: { state: string }) => s.state === 'WY')).toMatchObject({
      loaded: true,
      publisher_version: '2025-01',
      rows: 2,
    });

    const screen = await get(`/exclusions/state/${NPI}?as_of=2025-02-15`);
    expect(screen.excluded).toBe(true);
    expect(
      screen.state_excluded.map((r: { list_state: string; record: { name: string } }) => [r.list_state, r.record.name]),
    ).toEqual([['WY', 'BIG HORN MEDICAL SUPPLY LLC']]);
  });
});
