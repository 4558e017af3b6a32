import * as fs from 'node:fs';
import { Readable } from 'node:stream';
import { fixturePath } from '../../../tests/helpers/fixtures';
import { buildZip } from '../../../tests/helpers/zip-writer';
import { loadLazyParser } from '../../publishers/common/lazy';
import type { ByteInput, Located, ParseOptions, PublisherParser } from '../../publishers/common/types';
import { layoutForVersion } from './layouts';
import { filersParser, returnParser } from './parser';
import { filersParser as lazyFilers, returnParser as lazyReturn, readReturnVersion, source } from './source';

async function all<R extends Located>(parser: PublisherParser<R>, bytes: ByteInput, o?: ParseOptions): Promise<R[]> {
  const out: R[] = [];
  for await (const r of parser.parse(bytes, o)) out.push(r);
  return out;
}

const file = (name: string) => fs.readFileSync(fixturePath('irs_990_efile', name));
const read = async (name: string) => (await all(returnParser, file(name), { fileName: name }))[0]!;

// No real IRS return is among the publisher samples (../shared/data/publisher/ has no irs_990_efile
// folder), so there is no conformance test; the fixtures follow the e-file layout (fixtures/README.md).
describe('IRS 990 e-file return parser', () => {
  it('reads a 2013+ schema return: header, Part I summary, Schedule H, Schedule J with its element names', async () => {
    const r = await read('202311359349300101_public.xml');
    expect(r).toMatchObject({
      object_id: '202311359349300101',
      ein: '369900101',
      filer_name: 'LAKESHORE HEALTH SYSTEM',
      return_type: '990',
      schema_version: '2021v4.2',
      layout: 'efile-2013@1',
      tax_period_begin: '2021-07-01',
      tax_period_end: '2022-06-30',
      tax_year: 2021,
      return_ts: '2023-05-10T14:22:05-05:00',
      amended: false,
    });
    expect(r.values).toEqual({
      total_revenue: 4810000000,
      total_expenses: 4650000000,
      total_assets_eoy: 6120000000,
      total_liabilities_eoy: 2480000000,
      net_assets_eoy: 3640000000,
      total_employees: 18250,
      w2_employees: 18310,
      volunteers: 640,
    });
    expect(r.elements.total_revenue).toBe('ReturnData/IRS990/CYTotalRevenueAmt');
    expect(r.elements.total_assets_eoy).toBe('ReturnData/IRS990/TotalAssetsEOYAmt');
    expect(r.schedule_h).toEqual({
      financial_assistance_at_cost: {
        total_expense: 52000000,
        direct_offsetting_revenue: 1000000,
        net_expense: 51000000,
        percent_of_total_expense: 1.1,
      },
      total_community_benefits: {
        total_expense: 290000000,
        direct_offsetting_revenue: 120000000,
        net_expense: 170000000,
        percent_of_total_expense: 3.66,
      },
      bad_debt_expense: 61000000,
    });
    expect(r.schedule_j).toHaveLength(3);
    expect(r.schedule_j![0]).toEqual({
      name: 'ANNA K RIVERS',
      title: 'PRESIDENT & CEO',
      base_compensation: 1850000,
      bonus: 620000,
      other_compensation: 45000,
      deferred_compensation: 310000,
      nontaxable_benefits: 38000,
      total_compensation: 2863000,
      total_compensation_related_orgs: 0,
      reported_on_prior_990: 0,
      position: 1,
    });
  });

  it('reads the amended indicator', async () => {
    const r = await read('202431359349300205_public.xml');
    expect(r.amended).toBe(true);
    expect(r.schedule_j!.map((p) => p.name)).toContain('DEVIN A MAHONEY');
    expect(r.schedule_j![3]!.total_compensation_related_orgs).toBe(120000);
  });

  it('reads a 2009-2012 schema return with the older element names (efile-2009)', async () => {
    const r = await read('201243189349300401_public.xml');
    expect(r).toMatchObject({
      ein: '369900201',
      filer_name: 'WEST SIDE UNIVERSITY HEALTH SYSTEM',
      layout: 'efile-2009@1',
      tax_period_end: '2011-12-31',
      tax_year: 2011,
      return_ts: '2012-11-13T16:40:12-06:00',
      amended: false,
    });
    expect(r.values.total_revenue).toBe(2100000000);
    expect(r.elements.total_revenue).toBe('ReturnData/IRS990/TotalRevenueCurrentYear');
    expect(r.values.total_employees).toBe(9420);
    expect(r.schedule_h!.financial_assistance_at_cost!.net_expense).toBe(36000000);
    expect(r.schedule_h!.total_community_benefits).toBeNull();
    expect(r.schedule_j).toEqual([
      expect.objectContaining({
        name: 'HOWARD ELLISON-BAKR',
        title: 'PRESIDENT',
        bonus: 300000,
        total_compensation: 1557000,
      }),
    ]);
  });

  it('picks the element map by returnVersion', () => {
    expect(layoutForVersion('2013v3.0')!.id).toBe('efile-2013@1');
    expect(layoutForVersion('2024v5.0')!.id).toBe('efile-2013@1');
    expect(layoutForVersion('2012v2.1')!.id).toBe('efile-2009@1');
    expect(layoutForVersion('2008v1.0')).toBeNull();
    expect(layoutForVersion('')).toBeNull();
  });

  it('refuses what is not a return: another root, an unknown schema version, a bad EIN, bad XML, a non-number', async () => {
    await expect(all(returnParser, '<Foo/>')).rejects.toThrow(/not an IRS e-file return/);
    await expect(all(returnParser, '<Return returnVersion="2005v1.0"/>')).rejects.toThrow(/no element map/);
    await expect(
      all(
        returnParser,
        '<Return returnVersion="2020v1.0"><ReturnHeader><Filer><EIN>12</EIN></Filer></ReturnHeader></Return>',
      ),
    ).rejects.toThrow(/EIN "12"/);
    await expect(all(returnParser, '<Return returnVersion="2020v1.0"><ReturnHeader>')).rejects.toThrow(
      /well-formed|XML/,
    );
    const bad =
      '<Return returnVersion="2020v1.0"><ReturnHeader><Filer><EIN>123456789</EIN></Filer><TaxPeriodEndDt>2020-12-31</TaxPeriodEndDt></ReturnHeader><ReturnData><IRS990><CYTotalRevenueAmt>abc</CYTotalRevenueAmt></IRS990></ReturnData></Return>';
    await expect(all(returnParser, bad)).rejects.toThrow(/CYTotalRevenueAmt holds "abc"/);
  });

  it('streams in small chunks with the same result', async () => {
    const bytes = file('202411359349300301_public.xml');
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    const [r] = await all(returnParser, chunks);
    expect(r!.ein).toBe('369900102');
    expect(r!.values.total_revenue).toBe(3710000000);
    expect(r!.object_id).toBeNull();
  });
});

describe('curated system-to-filer table parser', () => {
  it('reads each system with normalized EINs, its ownership, SEC ids and citations', async () => {
    const rows = await all(filersParser, file('irs990-system-filers-2023-01-01.json'));
    expect(rows.map((r) => [r.system_id, r.ownership, r.filers.map((f) => f.ein)])).toEqual([
      ['HSI00000101', 'nonprofit', ['369900101', '369900102']],
      ['HSI00000102', 'nonprofit', ['369900201']],
      ['HSI00000301', 'for_profit', []],
    ]);
    expect(rows[2]!.sec).toEqual({ cik: '0001000001', ticker: 'PHHS' });
    expect(rows[0]!.locator).toEqual({ line: 1, record: 1 });
  });

  it('refuses an entry without citations or with a bad EIN', async () => {
    const doc = (s: unknown) => JSON.stringify({ systems: [s] });
    await expect(
      all(filersParser, doc({ system_id: 'HSI00000001', ownership: 'nonprofit', filers: [], citations: [] })),
    ).rejects.toThrow(/citation/);
    await expect(
      all(
        filersParser,
        doc({
          system_id: 'HSI00000001',
          ownership: 'nonprofit',
          filers: [{ ein: '12-3', citations: [{ title: 't', url: 'u' }] }],
          citations: [{ title: 't', url: 'u' }],
        }),
      ),
    ).rejects.toThrow(/not nine digits/);
  });

  describe('an IRS zip of returns, kept whole', () => {
    const RETURNS = ['202411359349300102_public.xml', '202411359349300301_public.xml', '202431359349300205_public.xml'];
    const zip = buildZip([
      { name: 'index_2024.txt', data: 'not a return' },
      ...RETURNS.map((name) => ({ name, data: file(name) })),
    ]);

    it('reads every return member, each as it reads alone, located by member position', async () => {
      const alone = await Promise.all(RETURNS.map(read));
      for (const input of [zip, Readable.from([zip.subarray(0, 100), zip.subarray(100)])]) {
        const rows = await all(returnParser, input, { fileName: '2024_TEOS_XML_01A.zip' });
        expect(rows.map((r) => r.locator)).toEqual([
          { line: 2, record: 1 },
          { line: 3, record: 2 },
          { line: 4, record: 3 },
        ]);
        expect(rows.map(({ locator, ...r }) => r)).toEqual(alone.map(({ locator, ...r }) => r));
      }
      // The original and its amendment share one zip: both rows are there for the reads to choose between.
      const rows = await all(returnParser, zip, { fileName: '2024_TEOS_XML_01A.zip' });
      expect(rows.filter((r) => r.ein === '369900101').map((r) => [r.object_id, r.amended])).toEqual([
        ['202411359349300102', false],
        ['202431359349300205', true],
      ]);
    });

    it('a member that is not a readable return fails the load, naming the member', async () => {
      const bad = buildZip([{ name: '202499999999999999_public.xml', data: '<Return returnVersion="2022v5.0"><' }]);
      await expect(all(returnParser, bad, { fileName: '2024_TEOS_XML_02A.zip' })).rejects.toThrow(
        /202499999999999999_public\.xml: /,
      );
    });

    it('is a document of irs990:1 labelled by its name, and kept whole', () => {
      const doc = source.docs.find((d) => d.docId === 'irs990:1')!;
      expect(doc.keepZipWhole).toBe(true);
      for (const name of ['2024_TEOS_XML_01A.zip', 'download990xml_2020_1.zip', '202411359349300102_public.xml'])
        expect(doc.match.test(name)).toBe(true);
      expect(doc.match.test('index_2024.csv')).toBe(false);
      expect(readReturnVersion({ name: '2024_TEOS_XML_01A.zip', parents: [], head: Buffer.alloc(0) })).toMatchObject({
        publisherVersion: 'zip 2024_TEOS_XML_01A',
        method: 'file_name',
      });
    });
  });

  it('the lazy declarations load these parsers', () => {
    expect(loadLazyParser(lazyReturn)).toBe(true);
    expect(loadLazyParser(lazyFilers)).toBe(true);
  });
});
