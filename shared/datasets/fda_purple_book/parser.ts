import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { blaKindOf, moleculeOf, type PurpleBookRow } from '../../rx/purple-book-rows';
import { PURPLE_BOOK_PARSER_HEAD } from './head';

const ID = PURPLE_BOOK_PARSER_HEAD.id;
/** The line that opens the all-products section. */
const MARKER = 'purple book database extract';

/**
 * The Purple Book monthly data download (FDA, purplebooksearch.fda.gov/downloads): a CSV in two
 * sections. The top one lists the month's changes (N new, R added in this release, U updated),
 * under a header row of its own; a line reading "Purple Book Database Extract" opens the bottom
 * one, a header row and then every product in the database, the changed ones included. Only the
 * bottom section is read (the top one repeats some of its rows). Columns by name; dates M/D/YYYY;
 * `N/A` or blank is null. A file without the marker line is a format error (reading the changes
 * section as the database would silently drop most products).
 */
async function* parsePurpleBook(input: ByteInput): AsyncGenerator<PurpleBookRow> {
  let inExtract = false;
  let header: HeaderIndex | null = null;
  let names: string[] = [];
  let record = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!inExtract) {
      inExtract = (f[0] ?? '').trim().toLowerCase() === MARKER;
      continue;
    }
    if (isBlankRecord(f)) continue;
    if (!header) {
      header = new HeaderIndex(f, ID, rec.line);
      for (const r of ['BLA Number', 'Proper Name', 'BLA Type']) header.require(r);
      names = f.map((n) => n.trim());
      continue;
    }
    const h = header;
    const g = (...n: string[]) => text(at(f, h.find(...n)));
    const date = (...n: string[]) => parseDate(at(f, h.find(...n)), ID, rec.line, ['N/A', 'NA']);
    const bla = g('BLA Number');
    if (!bla || !/^\d{1,6}$/.test(bla))
      throw new PublisherFormatError(ID, rec.line, `BLA Number ${JSON.stringify(bla)}`);
    const properName = g('Proper Name');
    const row: Record<string, string> = {};
    names.forEach((n, i) => {
      if (n) row[n] = f[i] ?? '';
    });
    const blaType = g('BLA Type');
    yield {
      nru: g('N/R/U'),
      applicant: g('Applicant'),
      bla_number: bla,
      proprietary_name: g('Proprietary Name'),
      proper_name: properName,
      proper_name_key: (properName ?? '').toLowerCase().replace(/\s+/g, ' '),
      ...moleculeOf(properName),
      bla_type: blaType,
      ...blaKindOf(blaType),
      strength: g('Strength'),
      dosage_form: g('Dosage Form'),
      route: g('Route of Administration'),
      product_presentation: g('Product Presentation'),
      marketing_status: g('Status', 'Marketing Status'),
      licensure: g('Licensure'),
      approval_date: date('Approval Date'),
      ref_product_proper_name: g('Ref. Product Proper Name', 'Ref Product Proper Name'),
      ref_product_proprietary_name: g('Ref. Product Proprietary Name', 'Ref Product Proprietary Name'),
      product_number: g('Product Number'),
      center: g('Center'),
      date_of_first_licensure: date('Date of First Licensure'),
      exclusivity_expiration_date: date('Exclusivity Expiration Date'),
      first_interchangeable_exclusivity_exp_date: date('First Interchangeable Exclusivity Exp. Date'),
      ref_product_exclusivity_exp_date: date('Ref. Product Exclusivity Exp. Date'),
      orphan_exclusivity_exp_date: date('Orphan Exclusivity Exp. Date'),
      source_row: row,
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!inExtract) throw new PublisherFormatError(ID, 1, 'no "Purple Book Database Extract" section');
  if (!header) throw new PublisherFormatError(ID, 1, 'no header row after "Purple Book Database Extract"');
}

export const purpleBookParser: PublisherParser<PurpleBookRow> = {
  ...PURPLE_BOOK_PARSER_HEAD,
  parse: (input) => parsePurpleBook(input),
  codesOf: () => [],
};
