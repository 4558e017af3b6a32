import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import type { SpendingRecord } from '../../publishers/cms/spending-by-drug';
import { medicaidSpendingParser } from './parser';

async function all(bytes: Buffer): Promise<SpendingRecord[]> {
  const out: SpendingRecord[] = [];
  for await (const r of medicaidSpendingParser.parse(bytes)) out.push(r);
  return out;
}

const FILE = fixturePath('cms_medicaid_spending_by_drug', 'DSD_MCD_RY24_P04_V10_DY22_BGM.csv');

describe('Medicaid Spending by Drug (wide file)', () => {
  it('has no beneficiary columns: those figures are null, not published', async () => {
    const rows = await all(fs.readFileSync(FILE));
    expect(rows).toHaveLength(7 * 5);
    const eliquis = rows.find((r) => r.brand_name === 'Eliquis' && r.level === 'overall' && r.year === 2022)!;
    expect(eliquis).toMatchObject({
      program: 'medicaid',
      hcpcs: null,
      total_spending: 740000,
      total_beneficiaries: null,
      avg_spend_per_beneficiary: null,
    });
    expect(eliquis.null_reasons).toEqual({
      total_beneficiaries: 'not_published',
      avg_spend_per_beneficiary: 'not_published',
    });
    const aurobindo = rows.filter((r) => r.manufacturer === 'Aurobindo Pharm');
    expect(aurobindo.filter((r) => r.outlier).map((r) => r.year)).toEqual([2020]);
  });
});
