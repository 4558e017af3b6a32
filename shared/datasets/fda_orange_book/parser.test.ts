import * as fs from 'node:fs';
import { readFixture } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { findByLocator } from '../../publishers/common/locator';
import type { PublisherParser } from '../../publishers/common/types';
import { monthDayYear, normalizeApplNo, type ObRow } from '../../rx/approvals-rows';
import { exclusivityParser, patentParser, productsParser } from './parser';

async function all(p: PublisherParser<ObRow>, bytes: Buffer) {
  const out: ObRow[] = [];
  for await (const r of p.parse(bytes)) out.push(r);
  return out;
}

describe('Orange Book data files (fixtures)', () => {
  it('reads products.txt by column name: DF;Route split, month-name dates, the pre-1982 sentinel, flags', async () => {
    const bytes = readFixture('fda_orange_book', '2026-01-15', 'products.txt');
    const rows = await all(productsParser, bytes);
    expect(rows).toHaveLength(8);
    expect(rows[1]).toMatchObject({
      table: 'products',
      ingredient: 'VELOXITRAN HYDROCHLORIDE',
      dosage_form: 'TABLET',
      route: 'ORAL',
      trade_name: 'ZYLOPRIN',
      applicant: 'VELOX PHARMS',
      applicant_full_name: 'VELOX PHARMS INC',
      strength: 'EQ 10MG BASE',
      appl_type: 'N',
      appl_no: '021001',
      product_no: '001',
      te_code: null,
      approval_date: '2015-03-03',
      approved_before_1982: false,
      rld: true,
      rs: true,
      product_type: 'RX',
      locator: { line: 3, record: 2 },
    });
    expect(rows[0]).toMatchObject({ approval_date: null, approved_before_1982: true });
    expect(rows[0]!.source_row.Approval_Date).toBe('Approved Prior to Jan 1, 1982');
    expect(rows.find((r) => r.trade_name === 'RESPIRA')).toMatchObject({
      dosage_form: 'AEROSOL, METERED',
      route: 'INHALATION',
    });
    expect(await findByLocator(productsParser, bytes, rows[4]!.locator)).toEqual(rows[4]);
  });

  it('reads patent.txt and exclusivity.txt: expiry dates, flags Y or empty, submission date optional', async () => {
    const patents = await all(patentParser, readFixture('fda_orange_book', '2026-01-15', 'patent.txt'));
    expect(patents).toHaveLength(4);
    expect(patents[0]).toMatchObject({
      table: 'patent',
      appl_no: '021001',
      product_no: '001',
      patent_no: '8000001',
      patent_expire_date: '2026-08-24',
      drug_substance_flag: true,
      drug_product_flag: false,
      patent_use_code: 'U-141',
      delist_flag: false,
      submission_date: '2015-04-02',
    });
    expect(patents[3]!.submission_date).toBeNull();
    const excl = await all(exclusivityParser, readFixture('fda_orange_book', '2026-01-15', 'exclusivity.txt'));
    expect(excl.map((e) => [e.appl_no, e.exclusivity_code, e.exclusivity_date])).toEqual([
      ['021001', 'ODE-123', '2027-12-01'],
      ['022222', 'M-200', '2026-01-05'],
    ]);
  });

  it('refuses a file without the key columns, an unreadable date and an unknown application type, naming the line', async () => {
    await expect(
      all(patentParser, Buffer.from('Patent_No~Patent_Expire_Date_Text\r\n1~Aug 1, 2026\r\n')),
    ).rejects.toThrow(/Appl_Type/);
    const head = 'Appl_Type~Appl_No~Product_No~Exclusivity_Code~Exclusivity_Date\r\n';
    await expect(all(exclusivityParser, Buffer.from(`${head}N~017031~001~RTO~Feb 30, 2026\r\n`))).rejects.toThrow(
      /line 2/,
    );
    await expect(all(exclusivityParser, Buffer.from(`${head}B~017031~001~RTO~Jul 13, 2026\r\n`))).rejects.toThrow(
      /Appl_Type/,
    );
  });

  it('normalizes application numbers and month-name dates', () => {
    expect(['20610', '020610', 'NDA020610', 'nda 20610', 'N020610'].map(normalizeApplNo)).toEqual(
      Array(5).fill('020610'),
    );
    expect(normalizeApplNo('ANDA215328')).toBe('215328');
    expect(normalizeApplNo('BLA125514')).toBe('125514');
    for (const bad of ['1234567', 'X020610', '', '000000', '02-0610']) expect(normalizeApplNo(bad)).toBeNull();
    expect(monthDayYear('Aug 24, 2026')).toBe('2026-08-24');
    expect(monthDayYear('Jan 1, 1982')).toBe('1982-01-01');
    expect(monthDayYear('Feb 29, 2027')).toBeUndefined();
  });
});

describeWithSamples('Orange Book real samples', samplePath('fda_orange_book'), () => {
  it('reads every row of products.txt: the pre-1982 sentinel, Federal Register notes kept in the strength', async () => {
    const rows = await all(productsParser, fs.readFileSync(samplePath('fda_orange_book', 'products.txt')));
    expect(rows).toHaveLength(100);
    expect(rows.filter((r) => r.approved_before_1982)).toHaveLength(7);
    expect(rows.every((r) => r.approved_before_1982 || /^\d{4}-\d{2}-\d{2}$/.test(r.approval_date ?? ''))).toBe(true);
    expect(new Set(rows.map((r) => r.product_type))).toEqual(new Set(['RX', 'OTC', 'DISCN']));
    expect(rows.every((r) => /^\d{6}$/.test(r.appl_no) && /^\d{3}$/.test(r.product_no))).toBe(true);
    expect(rows.every((r) => r.dosage_form && r.route)).toBe(true);
    expect(rows[0]).toMatchObject({
      ingredient: 'BUDESONIDE',
      dosage_form: 'AEROSOL, FOAM',
      route: 'RECTAL',
      appl_type: 'A',
      appl_no: '215328',
      te_code: 'AB',
      approval_date: '2023-04-12',
    });
    expect(rows.find((r) => r.trade_name === 'EVOCLIN')!.strength).toMatch(/^1% \*\*Federal Register determination/);
  });

  it('reads every row of patent.txt and exclusivity.txt with ISO dates', async () => {
    const patents = await all(patentParser, fs.readFileSync(samplePath('fda_orange_book', 'patent.txt')));
    expect(patents).toHaveLength(300);
    expect(patents.every((p) => /^\d{4}-\d{2}-\d{2}$/.test(p.patent_expire_date ?? ''))).toBe(true);
    expect(patents.filter((p) => p.drug_substance_flag)).toHaveLength(34);
    expect(patents.filter((p) => p.delist_flag)).toHaveLength(1);
    expect(patents[0]).toMatchObject({ appl_no: '020610', patent_no: '7625884', patent_expire_date: '2026-08-24' });
    const excl = await all(exclusivityParser, fs.readFileSync(samplePath('fda_orange_book', 'exclusivity.txt')));
    expect(excl).toHaveLength(300);
    expect(excl.every((e) => e.exclusivity_code && /^\d{4}-\d{2}-\d{2}$/.test(e.exclusivity_date ?? ''))).toBe(true);
  });
});
