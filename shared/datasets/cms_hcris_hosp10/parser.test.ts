import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeWithSamples, samplePath } from '../../../tests/helpers/samples';
import type { HcrisCellsRow, HcrisProviderRow, HcrisReportRow } from '../../hospitals/hcris-rows';
import type { ByteInput, ParseOptions, PublisherParser, ResumePoint } from '../../publishers/common/types';
import { MAX_CELLS_PER_ROW } from './cells';
import { alphaParser, nmrcParser, providerParser, rptParser } from './parser';
import { readHcrisVersion } from './source';

async function all<R>(
  p: PublisherParser<R & { locator: { line: number; record: number } }>,
  input: ByteInput,
  o?: ParseOptions,
) {
  const out: R[] = [];
  for await (const r of p.parse(input, o)) out.push(r);
  return out;
}
const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name));

describe('HCRIS RPT parser (fixtures)', () => {
  it('reads the 18 positional fields: CCN with its leading zero, status, ISO dates, the published row', async () => {
    const rows = await all<HcrisReportRow>(rptParser, fixture('2024-01/HOSP10_2022_RPT.CSV'));
    expect(rows.map((r) => [r.rpt_rec_num, r.ccn, r.status_code])).toEqual([
      ['720002', '050777', '1'],
      ['720003', '050777', '1'],
      ['720004', '140900', '4'],
      ['731500', '010099', '5'],
    ]);
    expect(rows[3]).toMatchObject({
      control_type_code: '2',
      npi: null,
      period_begin: '2021-10-01',
      period_end: '2022-09-30',
      processed_date: '2023-11-20',
      initial_report: false,
      last_report: false,
      npr_date: null,
      fi_received_date: '2023-11-14',
      locator: { line: 4, record: 4 },
    });
    expect(rows[3]!.source_row).toHaveLength(18);
  });

  it('refuses a line that is not the layout, naming the line', async () => {
    await expect(all(rptParser, '1,2,3\n')).rejects.toThrow(/line 1: expected 18 fields/);
    const bad = '720001,2,12-345,,1,10/01/2021,09/30/2022,03/10/2023,N,N,O,1,4,03/06/2023,F,,,02/27/2023\n';
    await expect(all(rptParser, bad)).rejects.toThrow(/PRVDR_NUM "12-345" is not a CCN/);
    await expect(all(rptParser, bad.replace('12-345', '010099').replace(',1,10/01', ',9,10/01'))).rejects.toThrow(
      /RPT_STUS_CD "9"/,
    );
  });

  it('reads the fiscal year from the member name', () => {
    const f = (name: string) => readHcrisVersion({ name, parents: ['HOSP10FY2022.zip'], head: Buffer.alloc(0) });
    expect(f('HOSP10_2022_NMRC.CSV').publisherVersion).toBe('FY 2022');
    expect(f('hosp10_2019_alpha.csv').publisherVersion).toBe('FY 2019');
    expect(f('HOSPITAL10_PROVIDER_ID_INFO.CSV').publisherVersion).toBeNull();
  });
});

describe('HCRIS NMRC and ALPHA parsers (fixtures)', () => {
  it('keeps worksheets A, G and S-10, one row per report and worksheet run, five-digit lines and columns', async () => {
    const rows = await all<HcrisCellsRow>(nmrcParser, fixture('HOSP10_2021_NMRC.CSV'));
    expect(rows.map((r) => `${r.rpt_rec_num}:${r.worksheet}`)).toEqual([
      '650001:A000000',
      '650001:G000000',
      '650001:S100000',
      '650002:A000000',
      '650002:G000000',
      '650002:S100000',
    ]);
    const s10 = rows[2]!;
    expect(s10.table).toBe('NMRC');
    expect(s10.cells[0]).toEqual(['00100', '00100', 0.241377]);
    expect(s10.cells).toContainEqual(['02701', '00100', 460000]);
    // The S-3 cell of each report (not served) is skipped; every other line is a cell.
    const lines = fixture('HOSP10_2021_NMRC.CSV').toString().trim().split('\n');
    expect(rows.reduce((n, r) => n + r.cells.length, 0)).toBe(lines.filter((l) => !l.includes('S300001')).length);
    expect(rows[0]!.locator).toEqual({ line: 1, record: 1 });
  });

  it('reads ALPHA text with its quoted commas, and skips worksheets not served', async () => {
    const rows = await all<HcrisCellsRow>(alphaParser, fixture('HOSP10_2021_ALPHA.CSV'));
    expect(rows.map((r) => `${r.rpt_rec_num}:${r.worksheet}`)).toEqual([
      '650001:A000000',
      '650001:S100000',
      '650002:S100000',
    ]);
    expect(rows[0]!.cells).toContainEqual(['19000', '00000', 'GIFT, FLOWER, COFFEE SHOP & CANTEEN']);
    expect(rows[0]!.cells).toContainEqual(['09001', '00000', 'WOUND CARE CLINIC']);
    expect(rows[1]!.cells).toEqual([['00300', '00100', 'Y']]);
  });

  it('splits a long run, pads short line numbers, and refuses a bad value naming the line', async () => {
    const many = Array.from({ length: MAX_CELLS_PER_ROW + 5 }, (_, i) => `9,A000000,${100 + i},100,${i}`).join('\n');
    const rows = await all<HcrisCellsRow>(nmrcParser, many);
    expect(rows.map((r) => r.cells.length)).toEqual([MAX_CELLS_PER_ROW, 5]);
    expect(rows[0]!.cells[0]).toEqual(['00100', '00100', 0]);
    expect(rows[1]!.locator).toEqual({ line: MAX_CELLS_PER_ROW + 1, record: 2 });
    await expect(all(nmrcParser, '1,G000000,00100,00100,abc\n')).rejects.toThrow(/line 1: ITM_VAL_NUM "abc"/);
    await expect(all(nmrcParser, '1,G000000,00100\n')).rejects.toThrow(/line 1: expected 5 fields/);
    await expect(all(nmrcParser, '1,G0,00100,00100,5\n2,G000000,00100,00100,5\n')).resolves.toHaveLength(1);
  });

  it('resumes after any stored row with the same rows and locators as one read', async () => {
    const bytes = fixture('2024-01/HOSP10_2022_NMRC.CSV');
    const whole = await all<HcrisCellsRow>(nmrcParser, bytes);
    const cursor = {} as ResumePoint;
    const firstTwo: HcrisCellsRow[] = [];
    for await (const r of nmrcParser.parse(bytes, { cursor })) {
      firstTwo.push(r);
      if (firstTwo.length === 2) break;
    }
    const at = { ...cursor };
    const rest = await all<HcrisCellsRow>(nmrcParser, bytes.subarray(at.offset), { resumeAt: at });
    expect([...firstTwo, ...rest]).toEqual(whole);
  });
});

describe('HCRIS provider ID info parser (fixtures)', () => {
  it('reads columns by name, Oracle dates, a ZIP with a trailing dash', async () => {
    const rows = await all<HcrisProviderRow>(providerParser, fixture('HOSPITAL10_PROVIDER_ID_INFO.CSV'));
    expect(rows[0]).toMatchObject({
      ccn: '010099',
      name: 'PINE HOLLOW REGIONAL MEDICAL CENTER',
      zip: '36303',
      fy_begin: '2021-10-01',
      fy_end: '2022-09-30',
      po_box: '1180',
      county: 'HOUSTON',
    });
    await expect(
      all(
        providerParser,
        'PROVIDER_NUMBER,FYB,FYE,HOSP10_Name,Street_Addr,City,State,Zip_Code\n010099,31-FEB-22,,X,,,AL,\n',
      ),
    ).rejects.toThrow(/impossible date/);
  });
});

const SAMPLE = samplePath('cms_hcris_hosp10');
describeWithSamples('HCRIS Hospital 2552-10 conformance (real samples)', SAMPLE, () => {
  it('reads every line of the FY2022 RPT sample as published', async () => {
    const raw = fs.readFileSync(path.join(SAMPLE, 'HOSP10_2022_RPT.CSV'));
    const rows = await all<HcrisReportRow>(rptParser, raw);
    expect(rows).toHaveLength(raw.toString('latin1').trim().split('\n').length);
    expect(rows).toHaveLength(300);
    // Checked by hand against the file's first line.
    expect(rows[0]).toMatchObject({
      rpt_rec_num: '717629',
      control_type_code: '1',
      ccn: '344028',
      npi: null,
      status_code: '2',
      period_begin: '2022-01-01',
      period_end: '2022-01-31',
      processed_date: '2022-05-19',
      initial_report: false,
      last_report: true,
      npr_date: '2022-05-18',
      fi_received_date: '2022-05-16',
    });
    expect(rows[0]!.source_row.join(',')).toBe(raw.toString('latin1').split('\n')[0]);
    const counts: Record<string, number> = {};
    for (const r of rows) counts[r.status_code] = (counts[r.status_code] ?? 0) + 1;
    expect(counts).toEqual({ '1': 277, '2': 21, '5': 2 });
    // Three CCNs file two reports in the year (two cost-reporting periods), e.g. 180078.
    expect(rows.filter((r) => r.ccn === '180078').map((r) => [r.period_begin, r.period_end])).toEqual([
      ['2021-10-01', '2021-11-30'],
      ['2021-12-01', '2022-06-30'],
    ]);
    expect(rows.find((r) => r.ccn === '063037')?.ccn).toBe('063037');
    expect(rows.every((r) => /^[0-9A-Z]{6}$/.test(r.ccn))).toBe(true);
  });

  it('reads every provider of the provider ID info sample by column name', async () => {
    const raw = fs.readFileSync(path.join(SAMPLE, 'HOSPITAL10_PROVIDER_ID_INFO.CSV'));
    const rows = await all<HcrisProviderRow>(providerParser, raw);
    expect(rows).toHaveLength(300);
    expect(rows[0]).toMatchObject({
      ccn: '010001',
      name: 'SOUTHEAST HEALTH MEDICAL CENTER',
      street: '1108 ROSS CLARK CIRCLE',
      po_box: '6987',
      city: 'DOTHAN',
      state: 'AL',
      zip: '36301',
      county: 'HOUSTON',
      fy_begin: '2022-10-01',
      fy_end: '2023-09-30',
      status: 'As Submitted',
      control_type_code: '9',
    });
    expect(rows[1]!.zip).toBe('35957');
    expect(rows.every((r) => /^[0-9A-Z]{6}$/.test(r.ccn))).toBe(true);
    expect([...new Set(rows.map((r) => r.status))].sort()).toEqual(['Amended', 'As Submitted', 'Reopened', 'Settled']);
  });
});
