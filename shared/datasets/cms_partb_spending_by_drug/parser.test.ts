import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import type { SpendingRecord } from '../../publishers/cms/spending-by-drug';
import { partbSpendingParser } from './parser';

async function all(bytes: Buffer): Promise<SpendingRecord[]> {
  const out: SpendingRecord[] = [];
  for await (const r of partbSpendingParser.parse(bytes)) out.push(r);
  return out;
}

const FILE = fixturePath('cms_partb_spending_by_drug', 'DSD_PTB_RY24_P06_V10_DYT22_HCPCS.csv');

describe('Part B Spending by Drug (wide file, HCPCS-keyed)', () => {
  it('keys drugs by HCPCS code, reads the unweighted per-unit column and suppressed beneficiaries', async () => {
    const rows = await all(fs.readFileSync(FILE));
    expect(rows).toHaveLength(8 * 5);
    const eylea = rows.find((r) => r.hcpcs === 'J0178' && r.level === 'overall' && r.year === 2022)!;
    expect(eylea).toMatchObject({
      program: 'part_b',
      brand_name: 'Eylea',
      hcpcs_description: 'Injection, aflibercept, 1 mg',
      drug_key: 'j0178|eylea|aflibercept',
      total_spending: 2600000,
      avg_spend_per_dosage_unit: 520,
    });
    const remicade = rows.find((r) => r.hcpcs === 'J1745' && r.year === 2020)!;
    expect(remicade.null_reasons).toEqual({
      total_beneficiaries: 'suppressed_under_11',
      avg_spend_per_beneficiary: 'suppressed_under_11',
    });
    expect(rows.find((r) => r.hcpcs === 'Q5103' && r.year === 2021)!.outlier).toBe(true);
  });

  it('refuses a row without its HCPCS code', async () => {
    const header = fs.readFileSync(FILE, 'utf8').split('\n')[0];
    await expect(all(Buffer.from(`${header}\n,x,Brand,Generic,1,Overall,1.00\n`))).rejects.toThrow(/HCPCS_Cd/);
  });
});
