import { indexPk, namespaceOf, pad12 } from '../../../shared/catalog/keys';
import { lookupMany } from '../../../shared/catalog/lookup';
import type { CatalogVersion } from '../../../shared/catalog/timeline';
import { exclusionDataset, FEDERAL_EXCLUSIONS } from '../../../shared/exclusions/datasets';
import { type Harness, startHarness } from '../../helpers/harness';

/**
 * Review finding: lookupMany meant to return each (version, record) once, but built its `seen`
 * set before reading an item's rows and never added to it, so a row stored twice in one index
 * entry (two loads of the same version appending at once) came back twice.
 */
describe('lookupMany over an index entry holding a row twice', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('returns each row once', async () => {
    const dataset = exclusionDataset(FEDERAL_EXCLUSIONS);
    const version: CatalogVersion = {
      source_id: 'oig_leie',
      doc_id: 'leie:1',
      version_id: 7,
      sha256: 'a'.repeat(64),
      name: 'UPDATED.csv',
      publisher_version: null,
      publisher_effective_from: null,
      publisher_effective_to: null,
      observed_from: '2025-01-01T00:00:00.000Z',
      generation: dataset.loaderVersion,
    };
    const row = (record: number) => ({ source_id: 'oig_leie', version_id: 7, record, value: { name: `R${record}` } });
    await h.deps.tables.catalog.put({
      pk: indexPk(namespaceOf(dataset.id, version.generation), 'name', 'I|SMITH|JOHN'),
      sk: pad12(7),
      source_id: 'oig_leie',
      version_id: 7,
      rows: [row(1), row(2), row(1)],
    });
    const found = await lookupMany(h.deps, dataset, 'name', ['I|SMITH|JOHN'], [version]);
    expect(found.get('I|SMITH|JOHN')!.map((r) => r.record)).toEqual([1, 2]);
  });
});
