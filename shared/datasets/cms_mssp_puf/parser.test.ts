import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import type { MsspRow } from '../../vbc/mssp-rows';
import { msspParser, performanceYearOf } from './parser';
import { readMsspVersion } from './source';

const PY2014 = 'Medicare_Shared_Savings_Program_Accountable_Care_Organizations_Performance_Year_2014_Results.csv';
const PY2022 = 'PY2022_Shared_Savings_Program_Performance_Year_Financial_and_Quality_Results.csv';

async function parse(name: string, buf: Buffer): Promise<MsspRow[]> {
  const out: MsspRow[] = [];
  for await (const r of msspParser(name).parse(buf)) out.push(r);
  return out;
}
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));

describe('MSSP results parser (fixtures of each layout family)', () => {
  it('reads the long-2014 layout by name: no ID, percentages, P4R, footnoted headers', async () => {
    const rows = await parse(PY2014, fixture(PY2014));
    expect(rows.map((r) => [r.aco_name, r.aco_id, r.track, r.states])).toEqual([
      ['Granite Valley ACO, Inc.', null, 'track_1', ['NH', 'VT']],
      ['Lakeshore Accountable Care Partners, LLC', null, 'track_1', ['MI']],
      ['Prairie Health Collaborative', null, 'track_2', ['IA', 'NE']],
      ['Sunbelt Physicians ACO', null, 'track_1', ['FL']],
    ]);
    const [granite, lakeshore, prairie] = rows;
    expect(granite).toMatchObject({
      performance_year: 2014,
      layout: 'long-2014@1',
      savings_rate_pct: 5.16,
      quality_score_pct: 88.4,
      earned_savings_losses: 2401876,
      benchmark_minus_expenditures: 5222222,
      losses: 0,
      agreement_start_date: '2013-01-01',
      met_quality_standard: true,
    });
    expect(lakeshore).toMatchObject({
      quality_score_pct: null,
      quality_score_published: 'P4R',
      earned_savings_losses: null,
    });
    expect(lakeshore!.qual_score_note).toMatch(/Pay for reporting/);
    expect(prairie).toMatchObject({ owed_losses: 1296000, losses: 2400000, earned_payment: 0, savings_rate_pct: -4 });
    expect(granite!.source_row['Quality Score6']).toBe('88.40%');
    expect(granite!.source_row['Earned Shared Savings Payments/Owe Losses3,4']).toBe('$2,401,876 ');
  });

  it('reads the coded-2019 layout by name: IDs, proportions served in percent', async () => {
    const rows = await parse(PY2022, fixture(PY2022));
    expect(rows.map((r) => [r.aco_id, r.track])).toEqual([
      ['A1101', 'basic_e'],
      ['A1202', 'enhanced'],
      ['A1303', 'basic_a'],
      ['A1404', 'basic_b'],
      ['A1405', 'basic_c'],
    ]);
    expect(rows[0]).toMatchObject({
      layout: 'coded-2019@1',
      performance_year: 2022,
      savings_rate_pct: 4.13,
      min_savings_rate_pct: 2,
      quality_score_pct: 91.37,
      final_sharing_rate_pct: 75,
      earned_savings_losses: 4716388.84,
      states: ['MI'],
    });
    expect(rows[0]!.qual_score_note).toMatch(/APM Performance Pathway/);
    expect(rows[4]).toMatchObject({ owed_losses: 823500, losses: 2745000, savings_rate_pct: -4.5 });
    expect(rows[3]!.name_key).toBe(rows[4]!.name_key);
    expect(rows[0]!.source_row.Sav_rate).toBe('0.0413');
  });

  it('refuses an unknown layout, a bad ID and a proportion that is not one', async () => {
    await expect(parse(PY2022, Buffer.from('Foo,Bar\n1,2\n'))).rejects.toThrow(/not an MSSP results layout/);
    const text = fixture(PY2022).toString();
    await expect(parse(PY2022, Buffer.from(text.replace('A1101', 'X99')))).rejects.toThrow(/line 2.*ACO_ID|ACO_ID/);
    await expect(parse(PY2022, Buffer.from(text.replace(',0.0413,', ',4.13,')))).rejects.toThrow(/not a proportion/);
  });

  it('reads the performance year from the file name', () => {
    expect(performanceYearOf(PY2014)).toBe(2014);
    expect(performanceYearOf(PY2022)).toBe(2022);
    expect(readMsspVersion({ name: PY2022, parents: [], head: Buffer.alloc(0) })).toMatchObject({
      publisherVersion: 'PY 2022',
    });
  });
});

const SAMPLE = samplePath('cms_mssp_puf');
describeWithSamples('MSSP results conformance (real PY2014 sample)', SAMPLE, () => {
  it('accounts for every row of the raw file, and reads rows as published', async () => {
    const raw = fs.readFileSync(path.join(SAMPLE, PY2014));
    const dataLines =
      raw
        .toString('utf8')
        .split('\n')
        .filter((l) => l.trim() !== '').length - 1;
    const rows = await parse(PY2014, raw);
    expect(dataLines).toBe(333);
    expect(rows).toHaveLength(dataLines);
    // Checked by hand against the file.
    expect(rows[0]).toMatchObject({
      aco_name: 'AAMC Collaborative Care Network',
      states: ['MD'],
      track: 'track_1',
      assigned_beneficiaries: 14385,
      total_benchmark_expenditures: 131243376,
      total_expenditures: 138499643,
      benchmark_minus_expenditures: -7256267,
      losses: 7256267,
      savings_rate_pct: -5.53,
      earned_savings_losses: null,
      quality_score_pct: 91.29,
    });
    expect(rows[1]).toMatchObject({ aco_name: 'Accountable Care Alliance of Ventura, LLC', quality_score_pct: null });
    expect(rows.filter((r) => r.quality_score_published === 'P4R')).toHaveLength(119);
    expect(rows.filter((r) => r.earned_savings_losses === null)).toHaveLength(247);
    expect(rows.every((r) => r.aco_id === null && r.layout === 'long-2014@1')).toBe(true);
  });
});
