import { ndc11Of } from '../../codes/ndc';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex, normalizeName } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { codeText, publicDescriptor, text } from '../../publishers/common/values';
import type { AspCrosswalkRow, AspLimitRow } from '../../rx/asp-rows';
import { CROSSWALK_PARSER_HEAD, LIMITS_PARSER_HEAD } from './head';
import { type AspWindow, windowInName, windowInText } from './window';

/**
 * CMS ASP pricing files, section 508 CSV versions (CMS, "ASP Pricing Files" page; the payment-limit
 * file and the ASP NDC-HCPCS crosswalk of each quarter): Latin-1, CRLF, a preamble of title, the
 * effective window ("Effective January 1, 2025 through March 31, 2025") and notes (8 lines in
 * January 2025), then the header row, then one record per line (a quoted note may hold a line
 * break). Columns are read by name; the crosswalk names its code column after the year
 * (`_2025_CODE`), so any `_YYYY_CODE` (or `HCPCS Code`) is the code, and its NDC column is `NDC2`
 * (or `NDC` in older layouts). Amounts published as `N/A` or blank are null. The quarter comes
 * from the preamble, else from the file name.
 */
type Cells = { get(...names: string[]): string; row: Record<string, string> };

async function* afterPreamble(
  input: ByteInput,
  parserId: string,
  fileName: string | undefined,
  isHeader: (first: string) => boolean,
): AsyncGenerator<{ cells: Cells; line: number; record: number; window: AspWindow }> {
  let header: HeaderIndex | null = null;
  let names: string[] = [];
  let window: AspWindow | null = null;
  let record = 0;
  for await (const rec of csvRecords(input, 'latin1', parserId)) {
    const f = rec.fields;
    if (!header) {
      if (isHeader(normalizeName(f[0] ?? ''))) {
        header = new HeaderIndex(f, parserId, rec.line);
        names = f.map((n) => n.trim());
        window ??= fileName ? windowInName(fileName) : null;
        if (!window)
          throw new PublisherFormatError(parserId, rec.line, 'no effective quarter in the preamble or the file name');
      } else window ??= windowInText(f.join(' '));
      continue;
    }
    if (isBlankRecord(f)) continue;
    const h = header;
    const row: Record<string, string> = {};
    names.forEach((n, i) => {
      if (n) row[n] = f[i] ?? '';
    });
    yield {
      cells: { get: (...n) => at(f, h.find(...n)), row },
      line: rec.line,
      record: ++record,
      window: window!,
    };
  }
  if (!header) throw new PublisherFormatError(parserId, 1, 'no header row (HCPCS code column) after the preamble');
}

/** A number, or null when blank or `N/A`; anything else unreadable is a format error. */
function num(raw: string, parserId: string, line: number): number | null {
  const s = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (s === '' || /^n\/?a$/i.test(s)) return null;
  if (!/^-?\d+(?:\.\d+)?$|^-?\.\d+$/.test(s))
    throw new PublisherFormatError(parserId, line, `not a number: ${JSON.stringify(raw)}`);
  return Number(s);
}

const windowFields = (w: AspWindow) => ({ quarter: w.quarter, effective_from: w.from, effective_to: w.to });
/** The published row, with a CPT-shaped code's (AMA) descriptor left out. */
function keptRow(row: Record<string, string>, code: string, descriptorColumn: string): Record<string, string> {
  if (publicDescriptor(code, 'x') !== null) return row;
  const out = { ...row };
  for (const k of Object.keys(out)) if (normalizeName(k) === descriptorColumn) out[k] = '';
  return out;
}

async function* parseLimits(input: ByteInput, fileName?: string): AsyncGenerator<AspLimitRow> {
  const ID = LIMITS_PARSER_HEAD.id;
  for await (const { cells: c, line, record, window } of afterPreamble(
    input,
    ID,
    fileName,
    (x) => x === 'hcpcs code',
  )) {
    const code = codeText(c.get('HCPCS Code'));
    if (!/^[A-Z0-9]{5}$/.test(code)) throw new PublisherFormatError(ID, line, `HCPCS code ${JSON.stringify(code)}`);
    const n = (...names: string[]) => num(c.get(...names), ID, line);
    yield {
      hcpcs: code,
      short_description: publicDescriptor(code, c.get('Short Description')),
      dosage: text(c.get('HCPCS Code Dosage')),
      payment_limit: n('Payment Limit'),
      coinsurance_pct: n('Co-insurance Percentage', 'Coinsurance Percentage'),
      vaccine_awp_pct: n('Vaccine AWP%'),
      vaccine_limit: n('Vaccine Limit'),
      blood_awp_pct: n('Blood AWP%'),
      blood_limit: n('Blood limit'),
      clotting_factor: n('Clotting Factor'),
      notes: text(c.get('Notes')),
      ...windowFields(window),
      source_row: keptRow(c.row, code, 'short description'),
      locator: { line, record },
    };
  }
}

const isCrosswalkHeader = (x: string) => /^_\d{4}_code$/.test(x) || x === 'hcpcs code';

async function* parseCrosswalk(input: ByteInput, fileName?: string): AsyncGenerator<AspCrosswalkRow> {
  const ID = CROSSWALK_PARSER_HEAD.id;
  let codeColumn: string | null = null;
  for await (const { cells: c, line, record, window } of afterPreamble(input, ID, fileName, isCrosswalkHeader)) {
    codeColumn ??= Object.keys(c.row).find((k) => isCrosswalkHeader(normalizeName(k))) ?? 'HCPCS Code';
    const code = codeText(c.get(codeColumn));
    if (!/^[A-Z0-9]{5}$/.test(code)) throw new PublisherFormatError(ID, line, `HCPCS code ${JSON.stringify(code)}`);
    const ndc = c.get('NDC2', 'NDC').trim();
    if (!ndc) throw new PublisherFormatError(ID, line, 'NDC2 is empty');
    const n = (name: string) => num(c.get(name), ID, line);
    yield {
      hcpcs: code,
      short_description: publicDescriptor(code, c.get('Short Description')),
      labeler_name: text(c.get('LABELER NAME')),
      ndc,
      // A device billed under a drug code may carry another product number: kept, never padded into an NDC.
      ndc11: ndc.includes('-') ? ndc11Of(ndc) : /^\d{11}$/.test(ndc) ? ndc : null,
      drug_name: text(c.get('Drug Name')),
      hcpcs_dosage: text(c.get('HCPCS dosage')),
      pkg_size: n('PKG SIZE'),
      pkg_qty: n('PKG QTY'),
      bill_units: n('BILLUNITS'),
      bill_units_pkg: n('BILLUNITSPKG'),
      ...windowFields(window),
      source_row: keptRow(c.row, code, 'short description'),
      locator: { line, record },
    };
  }
}

export const aspLimitsParser: PublisherParser<AspLimitRow> = {
  ...LIMITS_PARSER_HEAD,
  parse: (input, opts) => parseLimits(input, opts?.fileName),
  codesOf: () => [],
};

export const aspCrosswalkParser: PublisherParser<AspCrosswalkRow> = {
  ...CROSSWALK_PARSER_HEAD,
  parse: (input, opts) => parseCrosswalk(input, opts?.fileName),
  codesOf: () => [],
};
