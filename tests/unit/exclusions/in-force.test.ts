import { defineDataset } from '../../../shared/catalog/dataset';
import { inForce } from '../../../shared/catalog/in-force';
import type { CatalogVersion, SourceTimeline } from '../../../shared/catalog/timeline';
import { hitsOf } from '../../../shared/exclusions/hits';
import { emptyRecord } from '../../../shared/exclusions/record';
import { riskOf } from '../../../shared/exclusions/risk';

const dataset = defineDataset({
  id: 'test',
  title: 'test',
  loaderVersion: '1',
  docs: [
    { sourceId: 'src', docId: 'full:1', mode: 'snapshot' },
    { sourceId: 'src', docId: 'full:2', mode: 'supplement' },
  ],
  parserFor: (f) =>
    f.name.endsWith('.csv') ? { id: 'x', version: '1', parse: async function* () {}, codesOf: () => [] } : undefined,
  indexes: [],
});

let nextId = 1;
const v = (doc: string, observed: string, o: Partial<CatalogVersion> = {}): CatalogVersion => ({
  source_id: 'src',
  doc_id: doc,
  version_id: nextId++,
  sha256: 'a'.repeat(64),
  name: 'f.csv',
  publisher_version: null,
  publisher_effective_from: null,
  publisher_effective_to: null,
  observed_from: `${observed}T06:00:00.000Z`,
  ...o,
});
const timeline = (versions: CatalogVersion[], loaded = versions): Map<string, SourceTimeline> =>
  new Map([
    [
      'src',
      {
        source_id: 'src',
        versions,
        loaded: new Map(
          loaded.map((x) => [x.version_id, { version_id: x.version_id, rows: 1, loaded_at: '', loader_version: '1' }]),
        ),
      },
    ],
  ]);

describe('catalog versions in force', () => {
  const jan = v('full:1', '2025-01-01');
  const feb = v('full:2', '2025-02-01');
  const mar = v('full:1', '2025-03-01');
  const marSup = v('full:2', '2025-03-01');
  const all = [jan, feb, mar, marSup];

  it('applies the supplements that start after the snapshot in force and on or before the date', () => {
    const ids = (d: string) => inForce(dataset, timeline(all), d).sources[0]!.versions.map((x) => x.version_id);
    expect(ids('2025-01-15')).toEqual([jan.version_id]);
    expect(ids('2025-02-15')).toEqual([jan.version_id, feb.version_id]);
    // A supplement of the same start as the full list applies with it (the list may have dropped
    // the rows its reinstatements end); an older supplement does not.
    expect(ids('2025-03-15')).toEqual([mar.version_id, marSup.version_id]);
  });

  it('reports a date before the first version, and an archived but unloaded or unreadable version, as gaps', () => {
    expect(inForce(dataset, timeline(all), '2024-12-31').sources[0]!.gaps.map((g) => g.reason)).toEqual([
      'before_first_version',
    ]);
    const unloaded = inForce(dataset, timeline(all, [jan]), '2025-02-15').sources[0]!;
    expect(unloaded.versions.map((x) => x.version_id)).toEqual([jan.version_id]);
    expect(unloaded.gaps.map((g) => g.reason)).toEqual(['not_loaded']);
    const pdf = v('full:1', '2025-04-01', { name: 'list.pdf' });
    const noLayout = inForce(dataset, timeline([...all, pdf], all), '2025-04-15').sources[0]!;
    expect(noLayout.versions).toEqual([]);
    expect(noLayout.gaps.map((g) => g.reason)).toEqual(['no_layout']);
    expect(inForce(dataset, new Map(), '2025-04-15').sources[0]!.gaps.map((g) => g.reason)).toEqual(['not_archived']);
  });

  it('decides snapshots by publisher window when the versions carry one', () => {
    const a = v('full:1', '2025-05-01', { publisher_effective_from: '2025-01-01' });
    const b = v('full:1', '2025-05-01', {
      publisher_effective_from: '2025-04-01',
      observed_from: '2025-05-02T00:00:00.000Z',
    });
    const at = (d: string) => inForce(dataset, timeline([a, b]), d).sources[0]!.versions.map((x) => x.version_id);
    expect(at('2025-02-01')).toEqual([a.version_id]);
    expect(at('2025-04-02')).toEqual([b.version_id]);
  });
});

describe('federal rows of one exclusion across the full list and a reinstatement supplement', () => {
  const full = v('full:1', '2025-01-01');
  const rein = v('full:2', '2025-02-01');
  const rec = (end: string | null, record: number) => ({
    ...emptyRecord('federal', null, { line: record + 1, record }),
    entity_type: 'individual' as const,
    name: 'DELACROIX, PIERRE',
    last_name: 'DELACROIX',
    first_name: 'PIERRE',
    dob: '1952-09-30',
    state: 'LA',
    start_date: '1999-05-20',
    end_date: end,
  });
  const cands = [
    {
      row: { source_id: 'src', version_id: full.version_id, record: 5, value: rec(null, 5) as never },
      version: full,
      match: { method: 'name_state_dob' as const, on: [], name_source: 'input' as const },
    },
    {
      row: { source_id: 'src', version_id: rein.version_id, record: 1, value: rec('2025-02-10', 1) as never },
      version: rein,
      match: { method: 'name_state' as const, on: [], name_source: 'input' as const },
    },
  ];

  it('is one hit, ended by the reinstatement date, citing both rows', () => {
    const [before] = hitsOf(cands, '2025-02-05');
    expect(before!.in_force).toBe(true);
    const hits = hitsOf(cands, '2025-02-10');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.in_force).toBe(false);
    expect(hits[0]!.record.end_date).toBe('2025-02-10');
    expect(hits[0]!.source.version_id).toBe(rein.version_id);
    expect(hits[0]!.also_in.map((s) => s.version_id)).toEqual([full.version_id]);
    expect(hits[0]!.match.method).toBe('name_state_dob');
  });

  it('flags risk from the hits: high in force, elevated for past records, none or unknown otherwise', () => {
    const base = { provider: null, asOf: '2025-02-05', listsSearched: 3, state: [] };
    expect(riskOf({ ...base, federal: hitsOf(cands, '2025-02-05') }).flag).toBe('high');
    expect(riskOf({ ...base, asOf: '2025-03-01', federal: hitsOf(cands, '2025-03-01') }).flag).toBe('elevated');
    expect(riskOf({ ...base, federal: [] }).flag).toBe('none');
    expect(riskOf({ ...base, federal: [], listsSearched: 0 }).flag).toBe('unknown');
  });
});
