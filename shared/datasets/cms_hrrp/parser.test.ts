import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import type { HrrpHospitalRow } from '../../vbc/hrrp-rows';
import { hrrpHospitalParser } from './parser';
import { readHrrpVersion } from './source';

async function parse(buf: Buffer): Promise<HrrpHospitalRow[]> {
  const out: HrrpHospitalRow[] = [];
  for await (const r of hrrpHospitalParser.parse(buf)) out.push(r);
  return out;
}
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));

describe('HRRP hospital file parser (fixtures)', () => {
  it('groups each hospital measure rows and keeps Too Few to Report and N/A explicit', async () => {
    const rows = await parse(fixture('FY_2024_Hospital_Readmissions_Reduction_Program_Hospital.csv'));
    expect(rows.map((r) => [r.ccn, r.state, r.measures.length])).toEqual([
      ['010099', 'AL', 6],
      ['010123', 'AL', 6],
      ['050777', 'CA', 6],
    ]);
    const knee = rows[0]!.measures.find((m) => m.condition === 'THA_TKA')!;
    expect(knee.number_of_readmissions).toEqual({
      value: null,
      status: 'too_few_to_report',
      published: 'Too Few to Report',
    });
    expect(knee.number_of_discharges).toEqual({ value: null, status: 'not_available', published: 'N/A' });
    expect(knee.excess_readmission_ratio).toEqual({ value: 0.9124, status: 'reported', published: '0.9124' });
    expect(knee.measure_name).toBe('READM-30-HIP-KNEE-HRRP');
    expect(knee.start_date).toBe('2019-07-01');
    expect(knee.source_row['Number of Readmissions']).toBe('Too Few to Report');
    const cabg = rows[0]!.measures.find((m) => m.condition === 'CABG')!;
    expect(cabg.footnote).toBe('5');
    expect(cabg.predicted_readmission_rate_pct.status).toBe('not_available');
    expect(rows[2]!.locator).toEqual({ line: 14, record: 3 });
    expect(rows[2]!.measures[0]!.locator).toEqual({ line: 14, record: 13 });
  });

  it('refuses a hospital whose rows are split, and a non-number', async () => {
    const text = fixture('FY_2024_Hospital_Readmissions_Reduction_Program_Hospital.csv').toString();
    const lines = text.split('\r\n');
    const split = [lines[0], lines[1], lines[8], lines[2]].join('\r\n');
    await expect(parse(Buffer.from(split))).rejects.toThrow(/reappears/);
    const bad = [lines[0], lines[1]!.replace('1.0412', 'abc')].join('\r\n');
    await expect(parse(Buffer.from(bad))).rejects.toThrow(/line 2.*Excess Readmission Ratio|Excess Readmission Ratio/);
  });

  it('reads the fiscal year from the file name', () => {
    expect(
      readHrrpVersion({
        name: 'FY_2024_Hospital_Readmissions_Reduction_Program_Hospital.csv',
        parents: [],
        head: Buffer.alloc(0),
      }),
    ).toMatchObject({ publisherVersion: 'FY 2024', effectiveFrom: '2023-10-01', effectiveTo: '2024-09-30' });
  });
});

const SAMPLE = samplePath('cms_hrrp');
describeWithSamples('HRRP hospital file conformance (real FY 2024 sample)', SAMPLE, () => {
  const file = path.join(SAMPLE, 'FY_2024_Hospital_Readmissions_Reduction_Program_Hospital.csv');
  it('accounts for every row of the raw file, and reads rows as published', async () => {
    const raw = fs.readFileSync(file);
    const dataLines =
      raw
        .toString('utf8')
        .split('\r\n')
        .filter((l) => l.trim() !== '').length - 1;
    const rows = await parse(raw);
    expect(rows.flatMap((r) => r.measures)).toHaveLength(dataLines);
    expect(dataLines).toBe(300);
    expect(rows).toHaveLength(50);
    // Checked by hand against the file.
    const first = rows[0]!;
    expect(first).toMatchObject({ ccn: '010001', facility_name: 'SOUTHEAST HEALTH MEDICAL CENTER', state: 'AL' });
    const hf = first.measures.find((m) => m.measure_name === 'READM-30-HF-HRRP')!;
    expect(hf.number_of_discharges.value).toBe(616);
    expect(hf.excess_readmission_ratio.value).toBe(1.1003);
    expect(hf.predicted_readmission_rate_pct.value).toBe(23.1263);
    expect(hf.expected_readmission_rate_pct.value).toBe(21.0184);
    expect(hf.number_of_readmissions.value).toBe(149);
    expect(hf.end_date).toBe('2022-06-30');
    const knee = first.measures.find((m) => m.condition === 'THA_TKA')!;
    expect(knee.number_of_readmissions.status).toBe('too_few_to_report');
    expect(knee.number_of_discharges.status).toBe('not_available');
    const marshallAmi = rows[1]!.measures.find((m) => m.condition === 'AMI')!;
    expect(rows[1]!.ccn).toBe('010005');
    expect(marshallAmi.footnote).toBe('1');
    expect(marshallAmi.excess_readmission_ratio).toEqual({ value: null, status: 'not_available', published: 'N/A' });
    // No non-value ever became a number.
    const cells = rows.flatMap((r) => r.measures).flatMap((m) => [m.number_of_readmissions, m.number_of_discharges]);
    expect(cells.filter((c) => c.status === 'too_few_to_report').every((c) => c.value === null)).toBe(true);
    expect(rows.every((r) => /^\d{6}$/.test(r.ccn))).toBe(true);
  });
});
