import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { cell } from '../../vbc/cells';
import { conditionOfMeasure, type HrrpHospitalRow, type HrrpMeasure, normalizeCcn } from '../../vbc/hrrp-rows';

const ID = 'cms_hrrp/hospital-csv';

/** The columns of the HRRP hospital file (Provider Data Catalog, FY 2024 layout), read by name. */
const COLUMNS = [
  'Facility Name',
  'Facility ID',
  'State',
  'Measure Name',
  'Number of Discharges',
  'Footnote',
  'Excess Readmission Ratio',
  'Predicted Readmission Rate',
  'Expected Readmission Rate',
  'Number of Readmissions',
  'Start Date',
  'End Date',
] as const;
type Column = (typeof COLUMNS)[number];

/**
 * The HRRP hospital file: one row per hospital and measure (six measures), a quoted header,
 * unquoted values, CRLF, `N/A` and `Too Few to Report` in numeric columns, dates MM/DD/YYYY. A
 * hospital's rows are consecutive (the file is ordered by Facility ID); they are grouped into one
 * record per hospital, each measure keeping its own line and the published row as-is. A CCN that
 * comes back after another hospital's rows is a format error: grouping must never split a hospital.
 */
async function* parseHospitals(input: ByteInput): AsyncGenerator<HrrpHospitalRow> {
  let pos: Record<Column, number> | null = null;
  let names: string[] = [];
  let current: HrrpHospitalRow | null = null;
  const seen = new Set<string>();
  let hospitals = 0;
  let rows = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!pos) {
      const h = new HeaderIndex(f, ID, rec.line);
      pos = Object.fromEntries(COLUMNS.map((c) => [c, h.require(c)])) as Record<Column, number>;
      names = f.map((n) => n.trim());
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (c: Column) => at(f, pos![c]);
    const ccn = normalizeCcn(g('Facility ID'));
    if (!ccn)
      throw new PublisherFormatError(ID, rec.line, `Facility ID ${JSON.stringify(g('Facility ID'))} is not a CCN`);
    const measureName = text(g('Measure Name'));
    if (!measureName) throw new PublisherFormatError(ID, rec.line, 'Measure Name is empty');
    const num = (c: Column) => cell(g(c), ID, rec.line, c);
    const measure: HrrpMeasure = {
      measure_name: measureName,
      condition: conditionOfMeasure(measureName),
      number_of_discharges: num('Number of Discharges'),
      footnote: text(g('Footnote')),
      excess_readmission_ratio: num('Excess Readmission Ratio'),
      predicted_readmission_rate_pct: num('Predicted Readmission Rate'),
      expected_readmission_rate_pct: num('Expected Readmission Rate'),
      number_of_readmissions: num('Number of Readmissions'),
      start_date: parseDate(g('Start Date'), ID, rec.line),
      end_date: parseDate(g('End Date'), ID, rec.line),
      source_row: Object.fromEntries(names.map((n, i) => [n, f[i] ?? ''])),
      locator: { line: rec.line, record: ++rows },
    };
    if (current && current.ccn === ccn) {
      current.measures.push(measure);
      continue;
    }
    if (current) yield current;
    if (seen.has(ccn))
      throw new PublisherFormatError(ID, rec.line, `Facility ID ${ccn} reappears after other hospitals`);
    seen.add(ccn);
    current = {
      ccn,
      facility_name: text(g('Facility Name')) ?? '',
      state: (text(g('State')) ?? '').toUpperCase(),
      measures: [measure],
      locator: { line: rec.line, record: ++hospitals },
    };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
  if (current) yield current;
}

/** Hospitals of the HRRP hospital file; `locator.record` counts hospitals, each measure its rows. */
export const hrrpHospitalParser: PublisherParser<HrrpHospitalRow> = {
  id: ID,
  version: '1',
  parse: (input) => parseHospitals(input),
  codesOf: () => [],
};
