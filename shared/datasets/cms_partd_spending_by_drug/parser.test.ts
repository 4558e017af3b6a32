import * as fs from 'node:fs';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import type { SpendingRecord } from '../../publishers/cms/spending-by-drug';
import { findByLocator } from '../../publishers/common/locator';
import { readSpendingVersion } from '../../sources/cms-spending-version';
import { partdSpendingParser } from './parser';

async function all(bytes: Buffer): Promise<SpendingRecord[]> {
  const out: SpendingRecord[] = [];
  for await (const r of partdSpendingParser.parse(bytes)) out.push(r);
  return out;
}

const RY24 = fixturePath('cms_partd_spending_by_drug', 'DSD_PTD_RY24_P04_V10_DY22_BGM.csv');
const RY25 = fixturePath('cms_partd_spending_by_drug', 'DSD_PTD_RY25_P04_V10_DY23_BGM.csv');
const find = (rows: SpendingRecord[], brand: string, mftr: string | null, year: number) =>
  rows.find((r) => r.brand_name === brand && r.manufacturer === mftr && r.year === year);

describe('Part D Spending by Drug (wide file)', () => {
  it('reads the years from the header: one record per drug, manufacturer or overall, and year', async () => {
    const rows = await all(fs.readFileSync(RY24));
    expect([...new Set(rows.map((r) => r.year))].sort()).toEqual([2018, 2019, 2020, 2021, 2022]);
    expect(find(rows, 'Eliquis', null, 2022)).toMatchObject({
      program: 'part_d',
      level: 'overall',
      generic_name: 'Apixaban',
      manufacturer_count: 1,
      total_spending: 1250000,
      total_claims: 3400,
      total_beneficiaries: 1400,
      avg_spend_per_dosage_unit: 7.8125,
      outlier: false,
      spending_growth_pct: 23.7624,
      unit_cost_change_years: '2021-2022',
      unit_cost_cagr_years: '2018-2022',
      top_year: 2022,
      null_reasons: {},
      hcpcs: null,
    });
    expect(find(rows, 'Eliquis', 'Bristol-Myers Sq', 2022)).toMatchObject({
      level: 'manufacturer',
      manufacturer_key: 'bristol-myers sq',
      top_year: null,
    });
    const later = await all(fs.readFileSync(RY25));
    expect([...new Set(later.map((r) => r.year))].sort()).toEqual([2019, 2020, 2021, 2022, 2023]);
    expect(find(later, 'Eliquis', null, 2022)!.total_spending).toBe(1262500);
    expect(find(later, 'Eliquis', null, 2023)!.unit_cost_change_years).toBe('2022-2023');
  });

  it('keeps suppressed beneficiary counts null with their reason, blank years out, outlier flags and quoted names', async () => {
    const rows = await all(fs.readFileSync(RY24));
    const sun = find(rows, 'Atorvastatin Calcium', 'Sun Pharma, Inc.', 2022)!;
    expect(sun).toMatchObject({
      total_beneficiaries: null,
      avg_spend_per_beneficiary: null,
      total_claims: 90,
      outlier: true,
    });
    expect(sun.null_reasons).toEqual({
      total_beneficiaries: 'suppressed_under_11',
      avg_spend_per_beneficiary: 'suppressed_under_11',
    });
    expect(find(rows, 'Atorvastatin Calcium', 'Sun Pharma, Inc.', 2019)).toBeUndefined();
    expect(find(rows, 'Atorvastatin Calcium', 'Sun Pharma, Inc.', 2020)!.spending_growth_pct).toBeNull();
    const mounjaro = rows.filter((r) => r.brand_name === 'Mounjaro');
    expect(mounjaro.map((r) => r.year)).toEqual([2022, 2022]);
    expect(mounjaro[0]).toMatchObject({
      unit_cost_change_pct: null,
      unit_cost_cagr_pct: null,
      spending_growth_pct: null,
    });
    // Unit-cost change and CAGR: the file's fractions in percent.
    expect(find(rows, 'Atorvastatin Calcium', 'Sun Pharma, Inc.', 2022)!.unit_cost_change_pct).toBeCloseTo(
      -1.51515152,
      6,
    );
    expect(new Set(rows.map((r) => r.locator.record)).size).toBe(rows.length);
    expect(await findByLocator(partdSpendingParser, fs.readFileSync(RY24), rows[7]!.locator)).toEqual(rows[7]);
  });

  it('names the release from the file name, or the last data year from the header', () => {
    const ctx = (name: string, head = '') => ({ name, head: Buffer.from(head), members: [] }) as never;
    expect(readSpendingVersion(ctx('DSD_PTD_RY24_P04_V10_DY22_BGM.csv')).publisherVersion).toBe('RY2024 (DY2022)');
    expect(readSpendingVersion(ctx('DSD_PTB_RY25_P06_V10_DYT23_HCPCS.csv')).publisherVersion).toBe('RY2025 (DY2023)');
    expect(
      readSpendingVersion(ctx('spending.csv', 'Brnd_Name,Tot_Spndng_2019,Tot_Spndng_2023\n')).publisherVersion,
    ).toBe('DY2023');
  });

  it('refuses a file that is not the layout, and a bad number naming the line', async () => {
    await expect(all(Buffer.from('Brnd_Name,Gnrc_Name\nA,B\n'))).rejects.toThrow(/Tot_Spndng/);
    await expect(all(Buffer.from('Brnd_Name,Gnrc_Name,Tot_Spndng_2022\nA,B,1.2.3\n'))).rejects.toThrow(/line 2/);
  });
});

describeWithSamples('Part D Spending by Drug real sample', samplePath('cms_partd_spending_by_drug'), () => {
  it('parses every row of the real RY2024 file (40 rows, 10 drugs overall) for its five years', async () => {
    const bytes = fs.readFileSync(samplePath('cms_partd_spending_by_drug', 'DSD_PTD_RY24_P04_V10_DY22_BGM.csv'));
    const rows = await all(bytes);
    expect(new Set(rows.map((r) => r.locator.line)).size).toBe(40);
    expect([...new Set(rows.map((r) => r.year))].sort()).toEqual([2018, 2019, 2020, 2021, 2022]);
    expect(new Set(rows.filter((r) => r.level === 'overall').map((r) => r.drug_key)).size).toBe(10);
    expect(rows[0]).toMatchObject({
      brand_name: '1st Tier Unifine Pentips',
      generic_name: 'Pen Needle, Diabetic',
      level: 'overall',
      year: 2018,
      total_spending: 167193.78,
      total_beneficiaries: 2341,
      unit_cost_change_years: '2021-2022',
    });
    expect(rows.find((r) => r.manufacturer === 'Civicascript, L')).toBeDefined();
    // Beneficiary counts under 11 are blank in the real file: null, suppressed.
    const suppressed = rows.filter((r) => r.null_reasons.total_beneficiaries === 'suppressed_under_11');
    expect(suppressed.length).toBeGreaterThan(0);
    expect(suppressed.every((r) => r.total_beneficiaries === null && r.total_claims !== null)).toBe(true);
    expect(rows.some((r) => r.outlier)).toBe(true);
  });
});
