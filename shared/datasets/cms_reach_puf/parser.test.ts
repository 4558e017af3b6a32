import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ReachProviderRow, ReachResultRow } from '../../vbc/reach-rows';
import { reachProvidersParser, reachResultsParser } from './parser';
import { readReachVersion } from './source';
import { performanceYearOf } from './year';

const R22 = 'ACO_REACH_Financial_and_Quality_Results_PY2022.csv';
const R23 = 'ACO_REACH_Financial_and_Quality_Results_PY2023.csv';
const P23 = 'ACO_REACH_Participant_and_Preferred_Providers_PY2023.csv';

async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const r of it) out.push(r);
  return out;
}
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));
const results = (name: string, buf: Buffer) => all<ReachResultRow>(reachResultsParser(name).parse(buf));
const providers = (name: string, buf: Buffer) => all<ReachProviderRow>(reachProvidersParser(name).parse(buf));

describe('ACO REACH results parser (the data.cms.gov PUF layout)', () => {
  it('reads the GPDC year by name: proportions in percent, dollars, losses, a missing quality score', async () => {
    const rows = await results(R22, fixture(R22));
    expect(rows.map((r) => [r.aco_id, r.model, r.aco_type, r.risk_arrangement])).toEqual([
      ['D0101', 'gpdc', 'standard', 'global'],
      ['D0102', 'gpdc', 'high_needs', 'professional'],
      ['D0103', 'gpdc', 'new_entrant', 'global'],
    ]);
    expect(rows[0]).toMatchObject({
      performance_year: 2022,
      layout: 'reach-results@1',
      aco_name: 'Riverbend Direct Care, LLC',
      discount_pct: 3,
      retention_withhold_pct: 2,
      savings_rate_pct: 6.25,
      final_benchmark: 400125000,
      gross_savings: 25007812.5,
      losses: 0,
      shared_savings_after_sequestration: 24507656.25,
      quality_score_pct: 100,
      first_performance_year: 2021,
    });
    expect(rows[0]!.qual_score_note).toMatch(/pay for reporting/);
    expect(rows[1]!.enhanced_pcc_payments).toBeNull();
    expect(rows[2]).toMatchObject({ savings_rate_pct: -7, losses: 3584000, quality_score_pct: null });
    expect(rows[2]!.qual_score_note).toMatch(/No quality score/);
    expect(rows[0]!.source_row.sav_rate).toBe('0.0625');
  });

  it('reads the first ACO REACH year with the same map, headers in any case', async () => {
    const upper = fixture(R23)
      .toString()
      .replace(/^[^\n]*/, (h) => h.toUpperCase());
    const rows = await results(R23, Buffer.from(upper));
    expect(rows.map((r) => r.aco_id)).toEqual(['D0101', 'D0102', 'D0104']);
    expect(rows[0]).toMatchObject({ model: 'aco_reach', discount_pct: 3.5, quality_score_pct: 87.25 });
    expect(rows[0]!.qual_score_note).toMatch(/pay for performance/);
    expect(rows[1]).toMatchObject({ shared_savings: -1050000, losses: 2100000, savings_rate_pct: -2 });
    expect(rows[0]!.source_row.SAV_RATE).toBe('0.05');
  });

  it('refuses a missing column, a bad id, a rate that is no proportion and a row of another year', async () => {
    const text = fixture(R23).toString();
    await expect(results(R23, Buffer.from(text.replace('aco_id,', 'entity,')))).rejects.toThrow(
      /missing column "aco_id"/,
    );
    await expect(results(R23, Buffer.from(text.replace('D0104', 'X0104')))).rejects.toThrow(/line 4.*aco_id|aco_id/);
    await expect(results(R23, Buffer.from(text.replace(',0.035,', ',3.5,')))).rejects.toThrow(/not a proportion/);
    await expect(results(R22, Buffer.from(text))).rejects.toThrow(/perf_year 2023 in the file of PY2022/);
  });
});

describe('ACO REACH provider list parser', () => {
  it('reads providers by name with identifiers normalized where they are identifiers', async () => {
    const rows = await providers(P23, fixture(P23));
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.aco_id === 'D0101').map((r) => r.provider_type)).toEqual([
      'participant',
      'participant',
      'participant',
      'participant',
      'preferred',
      'preferred',
    ]);
    expect(rows[0]).toMatchObject({
      performance_year: 2023,
      layout: 'reach-providers@1',
      npi: '1234567018',
      tin: '123456789',
      entity_year: 'D0101#2023',
      position: 1,
      type_position: 1,
    });
    const d0101 = rows.filter((r) => r.aco_id === 'D0101');
    expect(d0101.map((r) => [r.position, r.type_position, r.entity_year_type])).toEqual([
      [1, 1, 'D0101#2023#participant'],
      [2, 2, 'D0101#2023#participant'],
      [3, 3, 'D0101#2023#participant'],
      [4, 4, 'D0101#2023#participant'],
      [5, 1, 'D0101#2023#preferred'],
      [6, 2, 'D0101#2023#preferred'],
    ]);
    expect(rows.find((r) => r.aco_id === 'D0102')).toMatchObject({ position: 1, type_position: 1 });
    const bad = rows.find((r) => r.provider_name === 'Brightwater Internal Medicine Group')!;
    expect(bad.npi).toBeNull();
    expect(bad.source_row.NPI).toBe('1234567040');
    const valley = rows.find((r) => r.provider_name === 'Valley Rehab Center')!;
    expect(valley.ccn).toBe('010045');
    expect(valley.source_row.CCN).toBe('10045');
  });

  it('refuses an unknown provider type and a file name without a year', async () => {
    const text = fixture(P23).toString();
    await expect(providers(P23, Buffer.from(text.replace('Preferred Provider', 'Affiliate')))).rejects.toThrow(
      /neither participant nor preferred/,
    );
    expect(() => reachProvidersParser('providers.csv').parse(fixture(P23))).toThrow(/no performance year/);
  });

  it('reads the performance year from the file names', () => {
    expect(performanceYearOf(R22)).toBe(2022);
    expect(performanceYearOf(P23)).toBe(2023);
    expect(readReachVersion({ name: R23, parents: [], head: Buffer.alloc(0) })).toMatchObject({
      publisherVersion: 'PY 2023',
    });
    expect(readReachVersion({ name: 'notes.csv', parents: [], head: Buffer.alloc(0) })).toMatchObject({
      publisherVersion: null,
    });
  });
});
