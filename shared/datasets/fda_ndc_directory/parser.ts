import { ndc11Of, productNdc9 } from '../../codes/ndc';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import { readLineBatches } from '../../publishers/common/lines';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { applNoOf, type DirectoryFile, type NdcPackageRow, type NdcProductRow } from '../../rx/ndc-directory-rows';
import { packageHead, productHead } from './head';

/**
 * FDA NDC Directory text files (FDA, "NDC Product File Definitions" and "NDC Package File
 * Definitions"): tab-delimited, one record per line, no quoting (a `"` is a character), a header
 * line of column names, CRLF. Columns are read by name, so the finished files (20 product columns
 * since 2018: ...PHARM_CLASSES, DEASCHEDULE, NDC_EXCLUDE_FLAG, LISTING_RECORD_CERTIFIED_THROUGH;
 * package: NDC_EXCLUDE_FLAG and SAMPLE_PACKAGE) and the unfinished files (14 product and 4 package
 * columns: no proprietary name, route, application number or classes) read alike; a column absent
 * from a layout is null. The unfinished files are Latin-1 (PROVENANCE.md); the finished ones are
 * read the same way (Windows-1252, a superset for printable text; a UTF-8 BOM switches to UTF-8).
 */
type Cells = { get(name: string): string; row: Record<string, string> };

async function* tabRecords(
  input: ByteInput,
  parserId: string,
  required: readonly string[],
): AsyncGenerator<{ cells: Cells; line: number; record: number }> {
  let header: HeaderIndex | null = null;
  let names: string[] = [];
  let record = 0;
  for await (const batch of readLineBatches(input, 'windows-1252', parserId)) {
    for (const l of batch) {
      if (l.text.trim() === '') continue;
      const fields = l.text.split('\t');
      if (!header) {
        header = new HeaderIndex(fields, parserId, l.line);
        for (const r of required) header.require(r);
        names = fields.map((n) => n.trim());
        continue;
      }
      const h = header;
      const row: Record<string, string> = {};
      names.forEach((n, i) => {
        if (n) row[n] = fields[i] ?? '';
      });
      yield { cells: { get: (name) => at(fields, h.find(name)), row }, line: l.line, record: ++record };
    }
  }
  if (!header) throw new PublisherFormatError(parserId, 1, 'empty file: no header');
}

const list = (raw: string, sep: RegExp) =>
  raw
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);

function productParser(file: DirectoryFile): PublisherParser<NdcProductRow> {
  const head = productHead(file);
  const ID = head.id;
  async function* parse(input: ByteInput): AsyncGenerator<NdcProductRow> {
    for await (const { cells: c, line, record } of tabRecords(input, ID, ['PRODUCTID', 'PRODUCTNDC'])) {
      const productNdc = c.get('PRODUCTNDC').trim();
      const ndc9 = productNdc9(productNdc);
      if (!ndc9)
        throw new PublisherFormatError(ID, line, `PRODUCTNDC ${JSON.stringify(productNdc)} is not labeler-product`);
      const substances = list(c.get('SUBSTANCENAME'), /;/);
      const strengths = list(c.get('ACTIVE_NUMERATOR_STRENGTH'), /;/);
      const units = list(c.get('ACTIVE_INGRED_UNIT'), /;/);
      const date = (name: string) => parseDate(c.get(name), ID, line);
      const application = text(c.get('APPLICATIONNUMBER'));
      yield {
        product_id: c.get('PRODUCTID').trim(),
        product_ndc: productNdc,
        product_ndc9: ndc9,
        directory_file: file,
        product_type: text(c.get('PRODUCTTYPENAME')),
        proprietary_name: text(c.get('PROPRIETARYNAME')),
        proprietary_name_suffix: text(c.get('PROPRIETARYNAMESUFFIX')),
        nonproprietary_name: text(c.get('NONPROPRIETARYNAME')),
        dosage_form: text(c.get('DOSAGEFORMNAME')),
        routes: list(c.get('ROUTENAME'), /;/),
        start_marketing_date: date('STARTMARKETINGDATE'),
        end_marketing_date: date('ENDMARKETINGDATE'),
        marketing_category: text(c.get('MARKETINGCATEGORYNAME')),
        application_number: application,
        appl_no: applNoOf(application),
        labeler_name: text(c.get('LABELERNAME')),
        strengths: substances.map((substance, i) => ({
          substance,
          strength: strengths[i] ?? null,
          unit: units[i] ?? null,
        })),
        // Classes are `Name [EPC],Name [MoA]`: split on a comma that follows a bracketed type.
        pharm_classes: list(c.get('PHARM_CLASSES'), /(?<=\]),\s*/),
        dea_schedule: text(c.get('DEASCHEDULE')),
        ndc_exclude_flag: text(c.get('NDC_EXCLUDE_FLAG')),
        listing_record_certified_through: date('LISTING_RECORD_CERTIFIED_THROUGH'),
        source_row: c.row,
        locator: { line, record },
      };
    }
  }
  return { ...head, parse: (input) => parse(input), codesOf: () => [] };
}

function packageParser(file: DirectoryFile): PublisherParser<NdcPackageRow> {
  const head = packageHead(file);
  const ID = head.id;
  async function* parse(input: ByteInput): AsyncGenerator<NdcPackageRow> {
    for await (const { cells: c, line, record } of tabRecords(input, ID, ['PRODUCTID', 'NDCPACKAGECODE'])) {
      const code = c.get('NDCPACKAGECODE').trim();
      const ndc11 = ndc11Of(code);
      // The directory always hyphenates: a bare 10-digit code cannot be padded safely.
      if (!ndc11 || !code.includes('-'))
        throw new PublisherFormatError(ID, line, `NDCPACKAGECODE ${JSON.stringify(code)} is not a hyphenated NDC`);
      const sample = text(c.get('SAMPLE_PACKAGE'));
      yield {
        product_id: c.get('PRODUCTID').trim(),
        product_ndc: c.get('PRODUCTNDC').trim(),
        package_code: code,
        ndc11,
        directory_file: file,
        package_description: text(c.get('PACKAGEDESCRIPTION')),
        start_marketing_date: parseDate(c.get('STARTMARKETINGDATE'), ID, line),
        end_marketing_date: parseDate(c.get('ENDMARKETINGDATE'), ID, line),
        ndc_exclude_flag: text(c.get('NDC_EXCLUDE_FLAG')),
        sample_package: sample === null ? null : sample.toUpperCase() === 'Y',
        source_row: c.row,
        locator: { line, record },
      };
    }
  }
  return { ...head, parse: (input) => parse(input), codesOf: () => [] };
}

export const finishedProductParser = productParser('finished');
export const unfinishedProductParser = productParser('unfinished');
export const excludedProductParser = productParser('excluded');
export const finishedPackageParser = packageParser('finished');
export const unfinishedPackageParser = packageParser('unfinished');
export const excludedPackageParser = packageParser('excluded');
