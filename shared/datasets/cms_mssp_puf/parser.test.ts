import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import type { MsspRow } from '../../vbc/mssp-rows';
import { crosswalkParser } from './crosswalk';
import { msspParser } from './parser';
import { readMsspVersion } from './source';
import { performanceYearOf } from './year';

const PY2014 = 'Medicare_Shared_Savings_Program_Accountable_Care_Organizations_Performance_Year_2014_Results.csv';
const PY2022 = 'PY2022_Shared_Savings_Program_Performance_Year_Financial_and_Quality_Results.csv';
const coded = (py: number) => `PY${py}_Shared_Savings_Program_Performance_Year_Financial_and_Quality_Results.csv`;
const PY2015 = 'Medicare_Shared_Savings_Program_Accountable_Care_Organizations_Performance_Year_2015_Results.csv';

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

describe('MSSP results parser (the years before PY2019)', () => {
  it('reads PY2013 (num-2013): the encrypted ACO_Num, quality 1/0 as 100/0, proportions, no savings rate', async () => {
    const rows = await parse(coded(2013), fixture(coded(2013)));
    expect(rows.map((r) => [r.aco_num, r.aco_id, r.aco_key, r.layout])).toEqual([
      ['A52021', null, 'A52021', 'num-2013@1'],
      ['A59999', null, 'A59999', 'num-2013@1'],
      ['A58888', null, 'A58888', 'num-2013@1'],
    ]);
    expect(rows[0]).toMatchObject({
      performance_year: 2013,
      agreement_start_date: '2013-01-01',
      assigned_beneficiaries: 10012,
      benchmark_minus_expenditures: 2850000,
      quality_score_pct: 100,
      final_sharing_rate_pct: 50,
      min_savings_rate_pct: 2.5,
      savings_rate_pct: null,
    });
    expect(rows[2]).toMatchObject({ quality_score_pct: 0, final_sharing_rate_pct: 0, min_savings_rate_pct: 3.1 });
    expect(rows[0]!.qual_score_note).toMatch(/PY2013 was pay for reporting/);
    expect(rows[0]!.source_row.QualScore).toBe('1');
  });

  it('reads PY2015 (long-2014): no identifier, the renamed quality flag, percentages', async () => {
    const rows = await parse(PY2015, fixture(PY2015));
    expect(rows.map((r) => [r.aco_name, r.aco_id, r.aco_num, r.layout])).toEqual([
      ['Granite Valley ACO, Inc.', null, null, 'long-2014@1'],
      ['Lakeshore Accountable Care Partners, LLC', null, null, 'long-2014@1'],
      ['Prairie Health Collaborative', null, null, 'long-2014@1'],
      ['Sunbelt Physicians ACO', null, null, 'long-2014@1'],
    ]);
    expect(rows[0]).toMatchObject({ performance_year: 2015, savings_rate_pct: 4.95, quality_score_pct: 90.12 });
    expect(rows.map((r) => r.met_quality_standard)).toEqual([true, true, true, false]);
    expect(rows[3]!.source_row['Met Quality Performance Standard5']).toBe('No');
  });

  it('reads PY2015 of the PUF (num-2013): percentages that year, served as they are', async () => {
    const header = 'ACO_Num,ACO_Name,N_AB,Sav_rate,MinSavPerc,BnchmkMinExp,QualScore,FinalShareRate';
    const body = Buffer.from(`${header}\nA51011,Lakeshore ACO,9002,-1.00,2.6,-801000,84.37,42.19\n`);
    const [row] = await parse(coded(2015), body);
    expect(row).toMatchObject({ savings_rate_pct: -1, min_savings_rate_pct: 2.6, quality_score_pct: 84.37 });
    expect(row!.final_sharing_rate_pct).toBe(42.19);
    // The same numbers in PY2016, a proportion year, are refused rather than read 100 times too big.
    await expect(parse(coded(2016), body)).rejects.toThrow(/not a proportion/);
  });

  it('reads PY2016 (num-2013): ACO_Num, track flag columns, proportions in percent', async () => {
    const rows = await parse(coded(2016), fixture(coded(2016)));
    expect(rows.map((r) => [r.aco_num, r.track, r.track_published, r.states])).toEqual([
      ['A51011', 'track_1', 'Track 1', ['MI']],
      ['A52021', 'track_3', 'Track 3', ['NH', 'VT']],
      ['A51404', 'track_1', 'Track 1', ['FL']],
      ['A53030', 'track_1', 'Track 1', ['OH', 'IN']],
    ]);
    expect(rows[0]).toMatchObject({
      layout: 'num-2013@1',
      savings_rate_pct: 3.15,
      min_savings_rate_pct: 2.6,
      quality_score_pct: 86.02,
      final_sharing_rate_pct: 43.01,
      earned_savings_losses: 1138044.6,
      agreement_start_date: '2014-01-01',
    });
    expect(rows[2]).toMatchObject({ losses: 472000, savings_rate_pct: -0.8 });
    expect(rows[3]).toMatchObject({ quality_score_pct: null, quality_score_published: null });
    expect(rows[3]!.qual_score_note).toMatch(/No quality score is published/);
    expect(rows[1]!.source_row.Current_Track_3).toBe('1');
  });

  it('reads PY2017 and the lower-case PY2018 (coded-2017): ACO_ID and track flags, Track 1+', async () => {
    const y17 = await parse(coded(2017), fixture(coded(2017)));
    expect(y17.map((r) => [r.aco_id, r.aco_num, r.track, r.layout])).toEqual([
      ['A1101', null, 'track_1', 'coded-2017@1'],
      ['A1202', null, 'track_3', 'coded-2017@1'],
      ['A1404', null, 'track_1', 'coded-2017@1'],
    ]);
    expect(y17[0]).toMatchObject({ savings_rate_pct: 2.9, quality_score_pct: 87.62, final_sharing_rate_pct: 43.81 });
    const y18 = await parse(coded(2018), fixture(coded(2018)));
    expect(y18.map((r) => [r.aco_id, r.track])).toEqual([
      ['A1101', 'track_1_plus'],
      ['A1202', 'track_3'],
      ['A1404', 'track_1'],
      ['A1506', 'track_1'],
    ]);
    expect(y18[1]).toMatchObject({
      performance_year: 2018,
      savings_rate_pct: -2.15,
      owed_losses: 1200000,
      quality_score_pct: 91.05,
      final_sharing_rate_pct: 75,
    });
    expect(y18[0]!.source_row.sav_rate).toBe('0.0333');
  });

  it('chooses the family by marker and year: ACO_ID before PY2019 is coded-2017, from PY2019 coded-2019', async () => {
    const text = fixture(coded(2018));
    expect((await parse(coded(2019), text))[0]!.layout).toBe('coded-2019@1');
    expect((await parse(coded(2018), text))[0]!.layout).toBe('coded-2017@1');
    const bad = text.toString().replace('A1101,', 'A11011,');
    await expect(parse(coded(2018), Buffer.from(bad))).rejects.toThrow(/is not an ACO ID/);
  });

  it("reads CMS's ACO ID Crosswalk by name: number, ID and first start date", async () => {
    const out: unknown[] = [];
    for await (const r of crosswalkParser.parse(fixture('ACO_ID_Crosswalk.csv'))) out.push(r);
    expect(out).toEqual([
      expect.objectContaining({ aco_num: 'A51011', aco_id: 'A1101', first_agreement_start_date: '2014-01-01' }),
      expect.objectContaining({ aco_num: 'A52021', aco_id: 'A1202', first_agreement_start_date: '2013-01-01' }),
      expect.objectContaining({ aco_num: 'A51404', aco_id: 'A1404', first_agreement_start_date: '2014-01-01' }),
    ]);
    const swapped = Buffer.from('ACO_NUM,ACO_ID\nA1101,A51011\n');
    await expect(
      (async () => {
        for await (const _ of crosswalkParser.parse(swapped));
      })(),
    ).rejects.toThrow(/not an ACO ID/);
  });

  it('recognises every year file name and reads its year as the version', () => {
    for (const py of [2013, 2016, 2017, 2018]) {
      expect(readMsspVersion({ name: coded(py), parents: [], head: Buffer.alloc(0) })).toMatchObject({
        publisherVersion: `PY ${py}`,
      });
    }
    expect(performanceYearOf(PY2015)).toBe(2015);
    expect(readMsspVersion({ name: 'ACO_ID_Crosswalk.csv', parents: [], head: Buffer.alloc(0) }).publisherVersion).toBe(
      null,
    );
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
