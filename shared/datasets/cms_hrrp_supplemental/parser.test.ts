import * as fs from 'node:fs';
import * as path from 'node:path';
import type { HrrpSupplementalRow } from '../../vbc/hrrp-rows';
import { readSupplementalVersion, supplementalParser } from './source';

async function parse(name: string, buf?: Buffer): Promise<HrrpSupplementalRow[]> {
  const out: HrrpSupplementalRow[] = [];
  const bytes = buf ?? fs.readFileSync(path.join(__dirname, 'fixtures', name));
  for await (const r of supplementalParser(name).parse(bytes)) out.push(r);
  return out;
}

describe('HRRP supplemental file parser (fixtures in the FY 2024 documented layout)', () => {
  it('reads the tab-delimited results tab after its title line and stops at End of worksheet', async () => {
    const rows = await parse('FR FY 2024.txt');
    expect(rows.map((r) => [r.ccn, r.payment_adjustment_factor, r.payment_reduction_pct, r.penalized])).toEqual([
      ['010099', 0.9863, 1.37, true],
      ['010123', 1, 0, false],
      ['050777', 0.97, 3, true],
      ['450999', 0.9991, 0.09, true],
    ]);
    const r = rows[2]!;
    expect(r).toMatchObject({ dual_proportion: 0.1204, peer_group: 2, neutrality_modifier: 0.9604 });
    const hf = r.conditions.find((c) => c.condition === 'HF')!;
    expect(hf.eligible_discharges).toEqual({ value: 1210, status: 'reported', published: '1,210' });
    expect(hf.penalty_indicator).toBe(true);
    const cabg = rows[1]!.conditions.find((c) => c.condition === 'CABG')!;
    expect(cabg.excess_readmission_ratio).toEqual({ value: null, status: 'not_available', published: '.' });
    expect(r.source_row['Payment reduction percentage']).toBe('3.00%');
    expect(rows[0]!.locator).toEqual({ line: 3, record: 1 });
  });

  it('reads the comma-delimited rendering by the same column names', async () => {
    const rows = await parse('508-Version-FR-FY-2025.csv');
    expect(rows.map((r) => [r.ccn, r.payment_reduction_pct])).toEqual([
      ['010099', 0.1],
      ['010123', 0.5],
      ['050777', 0],
    ]);
    expect(rows[2]!.conditions).toHaveLength(6);
  });

  it('refuses a factor outside (0, 1] and a file without its header', async () => {
    const text = fs.readFileSync(path.join(__dirname, 'fixtures', 'FR FY 2024.txt'), 'utf8');
    await expect(parse('x FR FY 2024.txt', Buffer.from(text.replace('0.9863', '1.0200')))).rejects.toThrow(
      /not in \(0, 1\]/,
    );
    await expect(parse('x FR FY 2024.txt', Buffer.from('just\ttext\r\n'))).rejects.toThrow(/Hospital CCN/);
  });

  it('labels versions by fiscal year from the member name', () => {
    const v = (name: string) => readSupplementalVersion({ name, parents: [], head: Buffer.alloc(0) });
    expect(v('508 version of FY2024_Final_Rule_Supplemental_File Variations FR FY 2024 tab .txt')).toMatchObject({
      publisherVersion: 'FY 2024',
      effectiveFrom: '2023-10-01',
      effectiveTo: '2024-09-30',
    });
    expect(v('508-Version-FR-FY-2025.csv').publisherVersion).toBe('FY 2025');
    expect(v('FY2024_Final_Rule_Supplemental_File.xlsx').publisherVersion).toBeNull();
  });
});
