import { hcrisCcn } from '../../hospitals/hcris-rows';
import type { CmiRow } from '../../hospitals/profile-rows';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, normalizeName } from '../../publishers/common/header';
import type { ByteInput, ParseOptions, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { CMI_PARSER_HEAD, cmiFiscalYear } from './head';

const ID = CMI_PARSER_HEAD.id;

/**
 * The layouts, by the names of their columns (case and spacing ignored). The first layout whose
 * CCN and index columns are both in the header reads the file; the row names the column it used.
 * - `cmi-file`: the final rule's case-mix index file (FY 2014 on): `Provider Number`, `Case Mix Index`,
 *   `Number of Cases` (older years: `Provider_Number`, `CMI`, `Cases`).
 * - `impact-file`: the final rule impact file: `Provider Number`, `Name`, ..., the transfer-adjusted
 *   index under a versioned name (`TACMIV<grouper>`, e.g. `TACMIV41` in FY 2024, or `TACMI`) and `Bills`.
 */
interface Layout {
  id: string;
  ccn: readonly string[];
  cmi: readonly (string | RegExp)[];
  cases: readonly string[];
  name: readonly string[];
}
const LAYOUTS: readonly Layout[] = [
  {
    id: 'cmi-file',
    ccn: ['Provider Number', 'Provider_Number', 'PROVIDER'],
    cmi: ['Case Mix Index', 'Transfer Adjusted Case Mix Index', 'CMI'],
    cases: ['Number of Cases', 'Cases'],
    name: ['Hospital Name', 'Name'],
  },
  {
    id: 'impact-file',
    ccn: ['Provider Number', 'Provider_Number', 'PROVNUM'],
    cmi: [/^TACMI(V\d+)?$/i, /^FY ?\d{4} TACMI$/i],
    cases: ['Bills', 'Number of Bills'],
    name: ['Name'],
  },
];

/** How many leading records may be titles and notes before the header (the impact file has a few). */
const PREAMBLE = 20;

function findColumn(names: readonly string[], wanted: readonly (string | RegExp)[]): number {
  for (const w of wanted) {
    const i =
      typeof w === 'string'
        ? names.findIndex((n) => normalizeName(n) === normalizeName(w))
        : names.findIndex((n) => w.test(n.trim()));
    if (i >= 0) return i;
  }
  return -1;
}

function layoutOf(names: readonly string[]) {
  for (const l of LAYOUTS) {
    const ccn = findColumn(names, l.ccn);
    const cmi = findColumn(names, l.cmi);
    if (ccn >= 0 && cmi >= 0)
      return { l, ccn, cmi, cases: findColumn(names, l.cases), name: findColumn(names, l.name) };
  }
  return null;
}

function decimal(raw: string, line: number, what: string): number | null {
  const t = raw.trim().replace(/,/g, '');
  if (t === '' || t === '.' || /^n\/?a$/i.test(t)) return null;
  const n = Number(t);
  if (!Number.isFinite(n)) throw new PublisherFormatError(ID, line, `${what} ${JSON.stringify(raw)} is not a number`);
  return n;
}

async function* parseCmi(input: ByteInput, options?: ParseOptions): AsyncGenerator<CmiRow> {
  const name = options?.fileName ?? '';
  const fiscalYear = cmiFiscalYear(name);
  if (fiscalYear === null)
    throw new PublisherFormatError(ID, 1, `no fiscal year in the file name ${JSON.stringify(name)}`);
  // The CMI files are tab-delimited text; the impact file's text export is comma-separated.
  const delimiter = /\.csv$/i.test(name) ? ',' : '\t';
  let cols: NonNullable<ReturnType<typeof layoutOf>> | null = null;
  let names: string[] = [];
  let record = 0;
  let seen = 0;
  for await (const rec of csvRecords(input, 'windows-1252', ID, { delimiter })) {
    const f = rec.fields;
    if (!cols) {
      if (isBlankRecord(f)) continue;
      names = f.map((n) => n.replace(/^\uFEFF/, '').trim());
      cols = layoutOf(names);
      if (!cols && ++seen >= PREAMBLE)
        throw new PublisherFormatError(ID, rec.line, 'no header with a provider number and a case mix index column');
      continue;
    }
    if (isBlankRecord(f)) continue;
    const rawCcn = at(f, cols.ccn).trim();
    // Impact files end with notes and totals rows that carry no provider number (a CCN opens with
    // its two-digit state code; five digits have lost a leading zero).
    if (!/^(\d{5}|\d{2}[0-9A-Z]{4})$/i.test(rawCcn)) continue;
    const ccn = hcrisCcn(rawCcn)!;
    const cases = cols.cases >= 0 ? decimal(at(f, cols.cases), rec.line, names[cols.cases]!) : null;
    yield {
      ccn,
      fiscal_year: fiscalYear,
      case_mix_index: decimal(at(f, cols.cmi), rec.line, names[cols.cmi]!),
      cases: cases === null ? null : Math.round(cases),
      provider_name: cols.name >= 0 ? text(at(f, cols.name)) : null,
      cmi_column: names[cols.cmi]!,
      source_row: Object.fromEntries(names.map((n, i) => [n, f[i] ?? ''])),
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!cols) throw new PublisherFormatError(ID, 1, 'no header with a provider number and a case mix index column');
}

/** One row per hospital of a fiscal year's case mix index (or impact) file. */
export const cmiParser: PublisherParser<CmiRow> = {
  ...CMI_PARSER_HEAD,
  parse: (input, options) => parseCmi(input, options),
  codesOf: () => [],
};
