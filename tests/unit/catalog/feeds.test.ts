import { afterAll, describe, expect, it } from '@jest/globals';
import { defineDataset, feedDataset } from '../../../shared/catalog/dataset';
import { CATALOG_DATASETS, getDataset, installDatasets } from '../../../shared/catalog/datasets';
import type { Located, PublisherParser } from '../../../shared/publishers/common/types';
import { CONSTRUCTION_SIGNALS } from '../../../shared/signals/signal-rows';

const parser = (id: string) => ({ id }) as unknown as PublisherParser<Located>;
const shared = defineDataset({
  id: 'zz_fed',
  title: 'fed by several sources',
  loaderVersion: '1',
  docs: [],
  parserFor: () => undefined,
  indexes: [],
});
const feedA = feedDataset(shared, {
  docs: [{ sourceId: 'zz_a', docId: 'zza:1', mode: 'snapshot' }],
  parserFor: (f) => (f.doc_id === 'zza:1' ? parser('a') : undefined),
});
const feedB = feedDataset(shared, {
  docs: [
    { sourceId: 'zz_b', docId: 'zzb:1', mode: 'snapshot' },
    { sourceId: 'zz_b', docId: 'zzb:2', mode: 'supplement' },
  ],
  parserFor: () => parser('b'),
  note: 'zz_b: its own rule.',
});

describe('dataset feeds', () => {
  const restore = [...CATALOG_DATASETS];
  afterAll(() => installDatasets(restore));

  it('installs the fed dataset once with every feed’s documents, each file read by its own feed’s parser', () => {
    installDatasets([feedA, feedB]);
    const d = getDataset('zz_fed')!;
    expect(d.docs.map((x) => `${x.sourceId} ${x.docId} ${x.mode}`)).toEqual([
      'zz_a zza:1 snapshot',
      'zz_b zzb:1 snapshot',
      'zz_b zzb:2 supplement',
    ]);
    expect(d.parserFor({ source_id: 'zz_a', doc_id: 'zza:1', name: 'x' })?.id).toBe('a');
    expect(d.parserFor({ source_id: 'zz_b', doc_id: 'zzb:2', name: 'x' })?.id).toBe('b');
    // A file of a document no feed names is not read by another feed's parser.
    expect(d.parserFor({ source_id: 'zz_b', doc_id: 'zza:1', name: 'x' })).toBeUndefined();
    expect(d.parserFor({ source_id: 'zz_c', doc_id: 'zzc:1', name: 'x' })).toBeUndefined();
    // Each feed's note is kept under its source (a feed without one has none).
    expect(d.feedNotes).toEqual({ zz_b: 'zz_b: its own rule.' });
    // The declaration itself is left as declared.
    expect(shared.docs).toEqual([]);
    expect(shared.feedNotes).toBeUndefined();
  });

  it('refuses a document fed twice, a feed naming no document, and another dataset with the fed id', () => {
    expect(() => installDatasets([feedA, feedA])).toThrow(/fed the document zz_a zza:1 twice/);
    expect(() => feedDataset(shared, { docs: [], parserFor: () => undefined })).toThrow(/names no document/);
    const impostor = defineDataset({ ...shared, title: 'another' });
    expect(() => installDatasets([feedA, impostor])).toThrow(/two datasets declare the id zz_fed/);
  });

  it('the installed construction signals dataset is fed by the Chicago permit walk and the Tennessee CON list, each with its note', () => {
    installDatasets(restore);
    const signals = getDataset(CONSTRUCTION_SIGNALS)!;
    expect(signals.docs).toContainEqual({
      sourceId: 'chicago_building_permits',
      docId: 'chicago_permits:1',
      mode: 'snapshot',
    });
    expect(
      signals.parserFor({ source_id: 'chicago_building_permits', doc_id: 'chicago_permits:1', name: 'x.json' })?.id,
    ).toBe('chicago_building_permits/soda-set');
    expect(signals.parserFor({ source_id: 'tn_hfc_con', doc_id: 'tn_con:1', name: 'x.xlsx' })?.id).toBe(
      'tn_hfc_con/con-projects-xlsx',
    );
    expect(Object.keys(signals.feedNotes ?? {})).toEqual(
      expect.arrayContaining(['chicago_building_permits', 'tn_hfc_con']),
    );
  });
});
