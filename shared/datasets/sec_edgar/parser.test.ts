import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import type { SecCompanyRow, SecFactsRow } from '../../companies/company-rows';
import { PublisherFormatError } from '../../publishers/common/errors';
import { factsParser, submissionsParser, tickersParser } from './parser';

const fixture = (p: string) => fs.readFileSync(path.join(__dirname, 'fixtures', p));

async function all<R>(it: AsyncGenerator<R>): Promise<R[]> {
  const out: R[] = [];
  for await (const r of it) out.push(r);
  return out;
}

describe('SEC EDGAR parsers (fixtures; no real sample is in ../shared/data/publisher)', () => {
  it('company_tickers.json: every ticker with its 10-digit CIK and title', async () => {
    const rows: SecCompanyRow[] = await all(tickersParser.parse(fixture('company_tickers.json')));
    expect(rows.map((r) => [r.ticker, r.cik, r.name])).toEqual([
      ['BWHP', '0001000002', 'Bluewater Health Plans Inc'],
      ['PHHS', '0001000001', 'Pine Hollow Health Systems, Inc.'],
      ['GRCT', '0001000003', 'Granite Circuits Corp'],
      ['PHHS-PA', '0001000001', 'Pine Hollow Health Systems, Inc.'],
    ]);
    expect(rows[0]).toMatchObject({ kind: 'ticker', locator: { line: 1, record: 1 } });
  });

  it('submissions.zip: healthcare filers only, with their 8-K item 2.01 filings (streamed from a stream too)', async () => {
    const rows = await all(submissionsParser.parse(Readable.from([fixture('2025-03-10/submissions.zip')])));
    expect(rows.map((r) => [r.kind, r.cik, r.accession_number])).toEqual([
      ['company', '0001000001', null],
      ['ma_filing', '0001000001', '0001000001-25-000012'],
      ['ma_filing', '0001000001', '0001000001-24-000040'],
      ['company', '0001000002', null],
      ['ma_filing', '0001000002', '0001000002-25-000001'],
    ]);
    expect(rows[0]).toMatchObject({
      name: 'PINE HOLLOW HEALTH SYSTEMS, INC.',
      tickers: ['PHHS', 'PHHS-PA'],
      sic: '8062',
      healthcare_group: 'Health services (8000-8099)',
      state_of_incorporation: 'DE',
      fiscal_year_end: '1231',
      locator: { line: 1, record: 1 },
    });
    expect(rows[1]).toMatchObject({
      form: '8-K',
      filing_date: '2025-03-06',
      report_date: '2025-03-03',
      items: ['2.01', '7.01', '9.01'],
      primary_document: 'phhs-20250303.htm',
    });
    expect(rows[4]).toMatchObject({ form: '8-K/A', locator: { line: 3 } });
  });

  it('companyfacts.zip: the kept concepts per unit, framed facts only', async () => {
    const rows: SecFactsRow[] = await all(factsParser.parse(fixture('2025-03-01/companyfacts.zip')));
    expect(rows.map((r) => [r.cik, r.concept])).toEqual([
      ['0001000001', 'Assets'],
      ['0001000001', 'HealthCareOrganizationRevenue'],
      ['0001000001', 'NetIncomeLoss'],
      ['0001000001', 'Revenues'],
      ['0001000002', 'Assets'],
      ['0001000002', 'NetIncomeLoss'],
      ['0001000002', 'RevenueFromContractWithCustomerExcludingAssessedTax'],
      ['0001000003', 'Revenues'],
    ]);
    const revenues = rows[3]!;
    expect(revenues).toMatchObject({ entity_name: 'PINE HOLLOW HEALTH SYSTEMS, INC.', unit: 'USD', label: 'Revenues' });
    expect(revenues.facts.map((f) => f.frame)).toEqual(['CY2023', 'CY2024Q3', 'CY2024']);
    expect(revenues.facts[2]).toEqual({
      start: '2024-01-01',
      end: '2024-12-31',
      val: 4350000000,
      accn: '0001000001-25-000005',
      fy: 2024,
      fp: 'FY',
      form: '10-K',
      filed: '2025-02-25',
      frame: 'CY2024',
    });
  });

  it('refuses what is not the layout', async () => {
    await expect(all(factsParser.parse(Buffer.from('not a zip')))).rejects.toBeInstanceOf(PublisherFormatError);
    await expect(all(tickersParser.parse(Buffer.from('{"0":{"ticker":"X"}}')))).rejects.toThrow(/cik_str/);
  });
});
