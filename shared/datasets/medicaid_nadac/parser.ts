import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, Located, PublisherParser } from '../../publishers/common/types';
import { amount, text } from '../../publishers/common/values';
import { NADAC_PARSER_HEAD } from './head';

const ID = NADAC_PARSER_HEAD.id;

/**
 * One row of the weekly NADAC file (National Average Drug Acquisition Cost): the NDC as the
 * 11-digit string it is published as (leading zeros kept), the per-unit cost in force from its
 * effective date, and, on brand rows, the corresponding generic's cost. Dates are YYYY-MM-DD.
 */
export interface NadacRecord extends Located {
  ndc_description: string;
  ndc11: string;
  nadac_per_unit: number;
  effective_date: string;
  pricing_unit: string | null;
  pharmacy_type_indicator: string | null;
  otc: boolean | null;
  /** `"1, 5"` is published for several codes; split into a list. */
  explanation_codes: string[];
  classification_for_rate_setting: string | null;
  corresponding_generic_nadac_per_unit: number | null;
  corresponding_generic_effective_date: string | null;
  as_of_date: string | null;
}

const COLUMNS = {
  description: 'NDC Description',
  ndc: 'NDC',
  perUnit: 'NADAC Per Unit',
  effective: 'Effective Date',
  unit: 'Pricing Unit',
  pharmacy: 'Pharmacy Type Indicator',
  otc: 'OTC',
  explanation: 'Explanation Code',
  classification: 'Classification for Rate Setting',
  genericPerUnit: 'Corresponding Generic Drug NADAC Per Unit',
  genericEffective: 'Corresponding Generic Drug Effective Date',
  asOf: 'As of Date',
} as const;

async function* parseNadac(input: ByteInput): AsyncGenerator<NadacRecord> {
  let pos: Record<keyof typeof COLUMNS, number> | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!pos) {
      const h = new HeaderIndex(f, ID, rec.line);
      pos = Object.fromEntries(Object.entries(COLUMNS).map(([k, name]) => [k, h.require(name)])) as Record<
        keyof typeof COLUMNS,
        number
      >;
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (k: keyof typeof COLUMNS) => text(at(f, pos![k]));
    const ndc = (g('ndc') ?? '').replace(/\D/g, '');
    if (!/^\d{11}$/.test(ndc))
      throw new PublisherFormatError(ID, rec.line, `NDC ${JSON.stringify(g('ndc'))} is not 11 digits`);
    const perUnit = amount(at(f, pos.perUnit), ID, rec.line);
    const effective = parseDate(at(f, pos.effective), ID, rec.line);
    if (perUnit === null || !effective)
      throw new PublisherFormatError(ID, rec.line, 'NADAC Per Unit or Effective Date is empty');
    const otc = g('otc');
    yield {
      ndc_description: g('description') ?? '',
      ndc11: ndc,
      nadac_per_unit: perUnit,
      effective_date: effective,
      pricing_unit: g('unit'),
      pharmacy_type_indicator: g('pharmacy'),
      otc: otc === null ? null : otc.toUpperCase() === 'Y',
      explanation_codes: (g('explanation') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      classification_for_rate_setting: g('classification'),
      corresponding_generic_nadac_per_unit: amount(at(f, pos.genericPerUnit), ID, rec.line),
      corresponding_generic_effective_date: parseDate(at(f, pos.genericEffective), ID, rec.line),
      as_of_date: parseDate(at(f, pos.asOf), ID, rec.line),
      locator: { line: rec.line, record: ++count },
    };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

/**
 * The rows of the file's latest `As of Date`, in file order, with their own locators. A weekly file
 * has one as-of date and gives every row. A file that holds several weeks (the year-to-date or a
 * whole year's rows of data.medicaid.gov's NADAC dataset, about 1.5 million rows a year) gives the
 * NDCs of its last week only: that week is what the file says was in force on its date, and the
 * earlier weeks' rates are not this version's (load the weekly files for a week-by-week series).
 * Memory is one week's rows, whatever the file's length or order: rows of an earlier date than
 * the latest seen are skipped, and a later date drops what was kept. Rows without an as-of date
 * count as earlier than any date.
 */
export async function* latestAsOfDate(records: AsyncIterable<NadacRecord>): AsyncGenerator<NadacRecord> {
  let latest: string | undefined;
  let kept: NadacRecord[] = [];
  for await (const r of records) {
    const d = r.as_of_date ?? '';
    if (latest === undefined || d > latest) {
      latest = d;
      kept = [];
    } else if (d < latest) continue;
    kept.push(r);
  }
  yield* kept;
}

export const nadacParser: PublisherParser<NadacRecord> = {
  ...NADAC_PARSER_HEAD,
  parse: (input) => latestAsOfDate(parseNadac(input)),
  codesOf: () => [],
};
