import type { RowSource } from '../../../shared/catalog/provenance';
import type { MipsScore } from '../../../shared/providers/quality-schemas';
import type { SystemAffiliates } from '../../../shared/providers/system-affiliates';
import { figuresOf, type Scored } from '../../../shared/providers/system-quality-figures';
import { byScoreThenNpi, distribution, ranked, summarize } from '../../../shared/providers/system-quality-stats';
import type { HospitalLinkRow } from '../../../shared/systems/system-rows';

const src: RowSource = {
  source_id: 'x',
  doc_id: 'x:1',
  version_id: 1,
  sha256: 'a'.repeat(64),
  publisher_version: null,
  locator: { line: 2, record: 1 },
};
const hospital = (id: string, ccn: string | null) => ({
  row: { compendium_hospital_id: id, ccn, hospital_name: `H ${id}` } as HospitalLinkRow,
  source: src,
});
const score = (final: number | null, specialty: string | null = null) =>
  ({ final_score: final, specialty, performance_year: 'PY 2023' }) as MipsScore;
const clinician = (npi: string, ccns: string[], best: MipsScore | null, rows = best ? 1 : 0): Scored => ({
  affiliate: { npi, last_name: null, first_name: null, hospitals: new Map(ccns.map((c) => [c, src])) },
  scores: Array(rows).fill(best ?? score(null)),
  best,
});

describe('system quality figures', () => {
  it('summarizes: mean to two decimals, median of an even count, nulls when empty', () => {
    expect(summarize([92.62, 31.5, 88.5, 92.62])).toEqual({
      count: 4,
      mean: 76.31,
      median: 90.56,
      min: 31.5,
      max: 92.62,
    });
    expect(summarize([5])).toEqual({ count: 1, mean: 5, median: 5, min: 5, max: 5 });
    expect(summarize([])).toEqual({ count: 0, mean: null, median: null, min: null, max: null });
  });

  it('bands: lower bounds included, 100 in the last band', () => {
    expect(distribution([0, 24.99, 25, 74.99, 75, 89.99, 90, 100]).map((b) => b.clinicians)).toEqual([2, 1, 1, 2, 2]);
  });

  it('ranks by score descending, unscored last, ties ending on NPI; tie_rank is the competition rank', () => {
    const list = [
      { npi: '3', final_score: null },
      { npi: '2', final_score: 90 },
      { npi: '4', final_score: 80 },
      { npi: '1', final_score: 90 },
      { npi: '0', final_score: null },
    ].sort(byScoreThenNpi);
    expect(ranked(list).map((c) => [c.rank, c.tie_rank, c.npi])).toEqual([
      [1, 1, '1'],
      [2, 1, '2'],
      [3, 3, '4'],
      [4, null, '0'],
      [5, null, '3'],
    ]);
  });

  it('without a MIPS file in force: clinicians counted and listed, score figures unknown (null), not zero', () => {
    const aff: SystemAffiliates = {
      clinicians: new Map(),
      read: new Set(['140900']),
      notRead: new Set(),
      rowsRead: 2,
    };
    const scored = [clinician('1000000012', ['140900'], null), clinician('1215000500', ['140900'], null)];
    for (const s of scored) aff.clinicians.set(s.affiliate.npi, s.affiliate);
    const { body, ranked: list } = figuresOf([hospital('A', '140900'), hospital('B', null)], aff, false, scored);
    expect(body.clinician_counts).toEqual({ affiliated: 2, with_mips_row: null, scored: null });
    expect(body.summary).toBeNull();
    expect(body.distribution).toEqual([]);
    expect(body.by_hospital.map((h) => [h.ccn, h.status, h.affiliated, h.scored, h.summary])).toEqual([
      ['140900', 'read', 2, null, null],
      [null, 'no_ccn', 0, 0, null],
    ]);
    expect(list.map((c) => [c.npi, c.final_score, c.tie_rank])).toEqual([
      ['1000000012', null, null],
      ['1215000500', null, null],
    ]);
  });

  it('groups specialties by the row scored, most clinicians first, null specialty last among equals', () => {
    const scored = [
      clinician('1', ['A'], score(90, '207Q00000X')),
      clinician('2', ['A'], score(80, null)),
      clinician('3', ['A'], score(70, '207Q00000X')),
      clinician('4', ['A'], score(60, '207R00000X')),
    ];
    const aff: SystemAffiliates = { clinicians: new Map(), read: new Set(['A']), notRead: new Set(), rowsRead: 4 };
    const { body } = figuresOf([hospital('1', 'A')], aff, true, scored);
    expect(body.by_specialty.map((s) => [s.specialty, s.summary.count, s.summary.mean])).toEqual([
      ['207Q00000X', 2, 80],
      ['207R00000X', 1, 60],
      [null, 1, 80],
    ]);
  });
});
