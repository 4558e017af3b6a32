import { describe, expect, it } from '@jest/globals';
import type { HcrisReportRow } from '../../../shared/hospitals/hcris-rows';
import { federalFiscalYear, hcrisCcn, hcrisCode, hcrisNumber } from '../../../shared/hospitals/hcris-rows';
import { type Candidate, chooseReport } from '../../../shared/hospitals/report-choice';
import { aSection } from '../../../shared/hospitals/worksheets';

function c(rpt: string, over: Partial<HcrisReportRow> = {}, latest = true): Candidate {
  const row: HcrisReportRow = {
    rpt_rec_num: rpt,
    ccn: '010099',
    control_type_code: '2',
    npi: null,
    status_code: '1',
    period_begin: '2021-10-01',
    period_end: '2022-09-30',
    processed_date: '2023-01-10',
    initial_report: null,
    last_report: null,
    transmittal: null,
    fi_number: null,
    vendor_code: null,
    fi_created_date: null,
    util_code: null,
    npr_date: null,
    special_indicator: null,
    fi_received_date: null,
    source_row: [],
    locator: { line: 1, record: 1 },
    ...over,
  };
  return { row, fiscal_year: 2022, version_id: 1, in_latest_refresh: latest };
}
const pick = (cs: Candidate[], asOf = '2025-01-01') =>
  chooseReport(cs, asOf).ranked.map((r) => [r.candidate.row.rpt_rec_num, r.reason]);

describe('report choice (HCRIS cost reports)', () => {
  it('ranks statuses: reopened, settled with audit, settled without, amended, as submitted', () => {
    const cs = ['1', '5', '2', '3', '4'].map((s, i) => c(String(10 + i), { status_code: s }));
    expect(pick(cs)).toEqual([
      ['14', 'chosen'],
      ['13', 'less_final_status'],
      ['12', 'less_final_status'],
      ['11', 'less_final_status'],
      ['10', 'less_final_status'],
    ]);
  });

  it('prefers the latest refresh, then the period ending last, then settlement, processing and record number', () => {
    expect(pick([c('1', { status_code: '3' }, false), c('2')])).toEqual([
      ['2', 'chosen'],
      ['1', 'not_in_latest_refresh'],
    ]);
    expect(pick([c('1', { status_code: '3', period_end: '2021-12-31' }), c('2')])).toEqual([
      ['2', 'chosen'],
      ['1', 'earlier_period'],
    ]);
    expect(
      pick([
        c('3', { status_code: '2', npr_date: '2023-05-01' }),
        c('4', { status_code: '2', npr_date: '2023-09-01' }),
      ]),
    ).toEqual([
      ['4', 'chosen'],
      ['3', 'earlier_settlement'],
    ]);
    expect(pick([c('9', { processed_date: '2023-01-01' }), c('5', { processed_date: '2023-02-01' })])).toEqual([
      ['5', 'chosen'],
      ['9', 'earlier_processing'],
    ]);
    expect(pick([c('9'), c('10')])).toEqual([
      ['10', 'chosen'],
      ['9', 'lower_record_number'],
    ]);
  });

  it('a report processed after as_of is listed but never chosen', () => {
    const choice = chooseReport([c('1'), c('2', { status_code: '5', processed_date: '2024-03-01' })], '2024-01-01');
    expect(choice.chosen?.row.rpt_rec_num).toBe('1');
    expect(choice.ranked.map((r) => r.reason)).toEqual(['chosen', 'processed_after_as_of']);
    expect(chooseReport([c('2', { processed_date: '2024-03-01' })], '2024-01-01').chosen).toBeNull();
  });

  it('reads HCRIS codes and CCNs', () => {
    expect(hcrisNumber('02701')).toBe('27.01');
    expect(hcrisNumber('00100')).toBe('1');
    expect(hcrisCode('27.01')).toBe('02701');
    expect(hcrisCode('200')).toBe('20000');
    expect(hcrisCcn('10099')).toBe('010099');
    expect(hcrisCcn('01-099')).toBeNull();
    expect(federalFiscalYear('2021-10-01')).toBe(2022);
    expect(aSection('90.01')).toBe('Outpatient service cost centers');
    expect(aSection('118')).toBe('Subtotals');
  });
});
