import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { rowsWorkbook } from '../../../tests/helpers/xlsx-builder';
import type { MepsPersonDrugRecord, MepsPersonRecord } from './head';
import { fycParser, pmedParser, segmentOf } from './parser';
import { readMepsVersion } from './source';

async function all<R>(parser: { parse(b: Buffer): AsyncIterable<R> }, bytes: Buffer): Promise<R[]> {
  const out: R[] = [];
  for await (const r of parser.parse(bytes)) out.push(r);
  return out;
}

const PMED_HEAD = ['DUPERSID', 'RXRECIDX', 'RXDRGNAM', 'RXSF21X', 'RXXP21X', 'PERWT21F'];

describe('MEPS prescribed-medicines workbook (HC-xxxA)', () => {
  it('sums a person’s fills per drug in first-fill order, reads the year from PERWTyyF, keeps the first fill as locator', async () => {
    const rows = await all<MepsPersonDrugRecord>(
      pmedParser,
      fs.readFileSync(fixturePath('ahrq_meps_pmed', 'h229a.xlsx')),
    );
    const first = rows[0]!;
    expect(first).toMatchObject({ data_year: 2021, dupersid: '2401001101', locator: { record: 1 } });
    const p3 = rows.filter((r) => r.dupersid === '2401003101').map((r) => r.drug);
    expect(p3).toEqual(['ATORVASTATIN', 'AMLODIPINE-BENAZEPRIL', 'LISINOPRIL', '(NOT ASCERTAINED)']);
    expect(new Set(rows.filter((r) => r.drug === 'ATORVASTATIN').map((r) => r.dupersid)).size).toBe(98);
    expect(rows.every((r) => r.fills >= 1 && r.fills <= 3)).toBe(true);
  });

  it('adds fills, payments and keeps the person weight; negative reserved codes read as missing', async () => {
    const rows = await all<MepsPersonDrugRecord>(
      pmedParser,
      rowsWorkbook([
        PMED_HEAD,
        ['2400001101', '1', 'Atorvastatin', 5, 30.5, 1234.5],
        ['2400001101', '2', 'ATORVASTATIN', -1, 20, 1234.5],
        ['2400001101', '3', '-9', 1, 1, 1234.5],
        ['2400002101', '4', 'LISINOPRIL', 2, 4, 0],
      ]),
    );
    expect(rows.map((r) => [r.dupersid, r.drug, r.fills, r.out_of_pocket, r.expenditure, r.person_weight])).toEqual([
      ['2400001101', 'ATORVASTATIN', 2, 5, 50.5, 1234.5],
      ['2400001101', '(NOT ASCERTAINED)', 1, 1, 1, 1234.5],
      ['2400002101', 'LISINOPRIL', 1, 2, 4, 0],
    ]);
    expect(rows.map((r) => r.locator)).toEqual([
      { line: 2, record: 1 },
      { line: 4, record: 2 },
      { line: 5, record: 3 },
    ]);
  });

  it('refuses a file not grouped by person, a missing column or a file without a weight', async () => {
    const scattered = rowsWorkbook([
      PMED_HEAD,
      ['A', '1', 'X', 1, 1, 1],
      ['B', '2', 'X', 1, 1, 1],
      ['A', '3', 'X', 1, 1, 1],
    ]);
    await expect(all(pmedParser, scattered)).rejects.toThrow(/line 4: DUPERSID A appears again/);
    await expect(all(pmedParser, rowsWorkbook([['DUPERSID', 'RXDRGNAM', 'PERWT21F', 'RXXP21X']]))).rejects.toThrow(
      /missing column "RXSF21X"/,
    );
    await expect(all(pmedParser, rowsWorkbook([['DUPERSID', 'RXDRGNAM']]))).rejects.toThrow(/no PERWTyyF column/);
  });
});

describe('MEPS full-year consolidated workbook (HC-xxx)', () => {
  it('derives each person’s segment from age and INSCOV, AGELAST when AGEyyX is reserved', async () => {
    const rows = await all<MepsPersonRecord>(fycParser, fs.readFileSync(fixturePath('ahrq_meps_pmed', 'h233.xlsx')));
    expect(rows).toHaveLength(157);
    const count = (s: string) => rows.filter((r) => r.segment === s).length;
    expect([count('private_under_65'), count('age_65_plus'), count('uninsured_under_65')]).toEqual([122, 30, 5]);
    expect(rows.find((r) => r.dupersid === '2401156101')).toMatchObject({
      age: 50,
      inscov: 1,
      segment: 'private_under_65',
    });
    expect(rows.find((r) => r.dupersid === '2401157101')).toMatchObject({ person_weight: 0 });
  });

  it('states the segment rule', () => {
    expect(segmentOf(65, 3)).toBe('age_65_plus');
    expect(segmentOf(64, 1)).toBe('private_under_65');
    expect(segmentOf(64, 2)).toBe('public_only_under_65');
    expect(segmentOf(10, 3)).toBe('uninsured_under_65');
    expect(segmentOf(null, 1)).toBe('not_classified');
    expect(segmentOf(30, null)).toBe('not_classified');
  });

  it('labels versions by HC number', () => {
    const f = (name: string) => readMepsVersion({ name } as never);
    expect(f('h229a.xlsx')).toMatchObject({ publisherVersion: 'HC-229A' });
    expect(f('H233.XLSX')).toMatchObject({ publisherVersion: 'HC-233' });
    expect(f('h229a.dat')).toMatchObject({ publisherVersion: null });
  });
});
