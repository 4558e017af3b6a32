import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import { findByLocator } from '../../publishers/common/locator';
import type { AspCrosswalkRow, AspLimitRow } from '../../rx/asp-rows';
import { aspCrosswalkParser, aspLimitsParser } from './parser';
import { readAspVersion } from './source';

async function all<R>(p: { parse(b: Buffer, o?: { fileName?: string }): AsyncGenerator<R> }, file: string) {
  const out: R[] = [];
  for await (const r of p.parse(fs.readFileSync(file), { fileName: path.basename(file) })) out.push(r);
  return out;
}

const Q1_LIMITS = fixturePath('cms_asp_pricing', '2025-Q1/section 508 version of Jan 2025 ASP Pricing File.csv');
const Q1_XWALK = fixturePath('cms_asp_pricing', '2025-Q1/section 508 version of Jan 2025 ASP NDC-HCPCS Crosswalk.csv');
const Q2_XWALK = fixturePath(
  'cms_asp_pricing',
  '2025-Q2/section 508 version of April 2025 ASP NDC-HCPCS Crosswalk.csv',
);
const version = (file: string) =>
  readAspVersion({ name: path.basename(file), parents: [], head: fs.readFileSync(file).subarray(0, 65536) });

describe('ASP payment-limit file (508 CSV)', () => {
  it('skips the preamble, reads the quarter from it, keeps N/A as null and drops CPT descriptors', async () => {
    const rows = await all<AspLimitRow>(aspLimitsParser, Q1_LIMITS);
    expect(rows).toHaveLength(14);
    expect(rows.find((r) => r.hcpcs === 'J1745')).toMatchObject({
      short_description: 'Infliximab not biosimil 10mg',
      dosage: '10 MG',
      payment_limit: 31.204,
      coinsurance_pct: 20,
      quarter: '2025 Q1',
      effective_from: '2025-01-01',
      effective_to: '2025-03-31',
    });
    const radium = rows.find((r) => r.hcpcs === 'A9606')!;
    expect(radium.payment_limit).toBeNull();
    expect(radium.notes).toBe('microCurie 100% AWP = $201.15\nmicroCurie 100% WAC = $167.62');
    expect(rows.find((r) => r.hcpcs === 'J9325')!.dosage).toBe('1 million\u00a0PFU');
    const cpt = rows.find((r) => r.hcpcs === '90375')!;
    expect(cpt.short_description).toBeNull();
    expect(cpt.source_row['Short Description']).toBe('');
    expect(rows.find((r) => r.hcpcs === 'J3357')!.coinsurance_pct).toBe(19.807);
    expect(await findByLocator(aspLimitsParser, fs.readFileSync(Q1_LIMITS), rows[5]!.locator)).toEqual(rows[5]);
    expect(version(Q1_LIMITS)).toEqual({
      publisherVersion: '2025 Q1',
      effectiveFrom: '2025-01-01',
      effectiveTo: '2025-03-31',
      method: 'content',
    });
  });

  it('refuses a file with no header row, and a row whose code is no HCPCS code, naming the line', async () => {
    await expect(aspLimitsParser.parse(Buffer.from('Payment Allowance Limits\r\n,,\r\n')).next()).rejects.toThrow(
      /no header row/,
    );
    const bad = Buffer.from(
      '"Effective January 1, 2025 through March 31, 2025"\r\nHCPCS Code,Short Description,Payment Limit\r\nJ17,x,1\r\n',
    );
    await expect(aspLimitsParser.parse(bad).next()).rejects.toThrow(/line 3/);
  });
});

describe('ASP NDC-HCPCS crosswalk (508 CSV)', () => {
  it('reads the year-named code column and NDC2 as ndc11, keeps a device number without guessing', async () => {
    const rows = await all<AspCrosswalkRow>(aspCrosswalkParser, Q1_XWALK);
    expect(rows).toHaveLength(11);
    expect(rows.find((r) => r.hcpcs === 'Q5103')).toMatchObject({
      ndc: '00069-0809-01',
      ndc11: '00069080901',
      drug_name: 'Inflectra',
      bill_units_pkg: 10,
      pkg_size: 100,
      quarter: '2025 Q1',
    });
    expect(rows.filter((r) => r.hcpcs === 'J9035').map((r) => r.bill_units_pkg)).toEqual([10, 40]);
    expect(rows.find((r) => r.hcpcs === 'J7331')).toMatchObject({ ndc: '000007200000', ndc11: null });
  });

  it('takes the quarter from the file name when the preamble does not state it', async () => {
    const rows = await all<AspCrosswalkRow>(aspCrosswalkParser, Q2_XWALK);
    expect(rows[0]).toMatchObject({ quarter: '2025 Q2', effective_from: '2025-04-01', effective_to: '2025-06-30' });
    expect(version(Q2_XWALK)).toMatchObject({ publisherVersion: '2025 Q2', method: 'file_name' });
  });
});

const SAMPLE = 'section 508 version of Jan 2025 ASP Pricing File updated 030725.csv';
describeWithSamples('ASP payment-limit real sample', samplePath('cms_asp_pricing'), () => {
  it('parses every row of the January 2025 file (877 codes), its quarter from the preamble', async () => {
    const file = samplePath('cms_asp_pricing', SAMPLE);
    const rows = await all<AspLimitRow>(aspLimitsParser, file);
    expect(rows).toHaveLength(877);
    expect(new Set(rows.map((r) => r.hcpcs)).size).toBe(877);
    expect(rows.every((r) => r.quarter === '2025 Q1' && r.effective_to === '2025-03-31')).toBe(true);
    expect(rows.find((r) => r.hcpcs === 'J1745')).toMatchObject({ payment_limit: 30.525, dosage: '10 MG' });
    expect(rows.find((r) => r.hcpcs === 'A9606')!.payment_limit).toBeNull();
    // CPT-shaped vaccine codes keep their code, not their AMA descriptor.
    expect(rows.filter((r) => /^\d{5}$/.test(r.hcpcs)).every((r) => r.short_description === null)).toBe(true);
    expect(version(file)).toMatchObject({ publisherVersion: '2025 Q1', effectiveFrom: '2025-01-01' });
  });
});
