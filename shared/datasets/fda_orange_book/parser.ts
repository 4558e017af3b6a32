import { parseDate } from '../../publishers/common/dates';
import { delimitedRecords } from '../../publishers/common/delimited';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { monthDayYear, normalizeApplNo, type ObRow, type ObTable } from '../../rx/approvals-rows';
import { obHead } from './head';

/**
 * The Orange Book data files (FDA, "Orange Book Data Files" and its "Orange Book Data Files
 * Definitions" / Appendix of the Orange Book preface): products.txt, patent.txt and exclusivity.txt,
 * tilde-delimited (`~`), a header line of column names, CRLF, no quoting. Dates are written
 * `Aug 24, 2026`; products.txt writes `Approved Prior to Jan 1, 1982` for the oldest approvals
 * (approval_date null, approved_before_1982 true). Columns are read by name (products.txt
 * `DF;Route` is split at its `;` into dosage form and route). Windows-1252 (a UTF-8 BOM switches).
 */
const BEFORE_1982 = /^approved prior to jan 1,? 1982$/i;

const yesNo = (raw: string): boolean | null => {
  const s = raw.trim().toLowerCase();
  return s === 'yes' || s === 'y' ? true : s === 'no' || s === 'n' ? false : null;
};

function obDate(raw: string, id: string, line: number): string | null {
  const s = raw.trim();
  if (s === '') return null;
  // The month-name form is the published one; ISO or M/D/Y are read as well.
  return monthDayYear(s) ?? parseDate(s, id, line);
}

const EMPTY = {
  ingredient: null,
  dosage_form: null,
  route: null,
  trade_name: null,
  applicant: null,
  applicant_full_name: null,
  strength: null,
  te_code: null,
  approval_date: null,
  approved_before_1982: null,
  rld: null,
  rs: null,
  product_type: null,
  patent_no: null,
  patent_expire_date: null,
  drug_substance_flag: null,
  drug_product_flag: null,
  patent_use_code: null,
  delist_flag: null,
  submission_date: null,
  exclusivity_code: null,
  exclusivity_date: null,
} as const;

function obParser(table: ObTable): PublisherParser<ObRow> {
  const head = obHead(table);
  const ID = head.id;
  async function* parse(input: ByteInput): AsyncGenerator<ObRow> {
    const records = delimitedRecords(input, {
      delimiter: '~',
      encoding: 'windows-1252',
      parserId: ID,
      required: ['Appl_Type', 'Appl_No', 'Product_No'],
    });
    for await (const c of records) {
      const line = c.line;
      const applNo = normalizeApplNo(c.get('Appl_No'));
      if (!applNo)
        throw new PublisherFormatError(ID, line, `Appl_No ${JSON.stringify(c.get('Appl_No'))} is not 6 digits`);
      const applType = c.get('Appl_Type').trim().toUpperCase();
      if (applType !== 'N' && applType !== 'A')
        throw new PublisherFormatError(ID, line, `Appl_Type ${JSON.stringify(applType)} is neither N nor A`);
      const date = (name: string) => obDate(c.get(name), ID, line);
      const base = {
        ...EMPTY,
        table,
        appl_type: applType,
        appl_no: applNo,
        product_no: c.get('Product_No').trim().padStart(3, '0'),
        source_row: c.row,
        locator: { line, record: c.record },
      };
      if (table === 'products') {
        const dfRoute = c.get('DF;Route');
        const cut = dfRoute.indexOf(';');
        const approval = c.get('Approval_Date').trim();
        const before1982 = BEFORE_1982.test(approval);
        yield {
          ...base,
          ingredient: text(c.get('Ingredient')),
          dosage_form: text(cut < 0 ? dfRoute : dfRoute.slice(0, cut)),
          route: cut < 0 ? null : text(dfRoute.slice(cut + 1)),
          trade_name: text(c.get('Trade_Name')),
          applicant: text(c.get('Applicant')),
          applicant_full_name: text(c.get('Applicant_Full_Name')),
          strength: text(c.get('Strength')),
          te_code: text(c.get('TE_Code')),
          approval_date: before1982 ? null : date('Approval_Date'),
          approved_before_1982: before1982,
          rld: yesNo(c.get('RLD')),
          rs: yesNo(c.get('RS')),
          product_type: text(c.get('Type'))?.toUpperCase() ?? null,
        };
      } else if (table === 'patent') {
        yield {
          ...base,
          patent_no: text(c.get('Patent_No')),
          patent_expire_date: date('Patent_Expire_Date_Text'),
          drug_substance_flag: c.get('Drug_Substance_Flag').trim() === '' ? false : yesNo(c.get('Drug_Substance_Flag')),
          drug_product_flag: c.get('Drug_Product_Flag').trim() === '' ? false : yesNo(c.get('Drug_Product_Flag')),
          patent_use_code: text(c.get('Patent_Use_Code')),
          delist_flag: c.get('Delist_Flag').trim() === '' ? false : yesNo(c.get('Delist_Flag')),
          submission_date: date('Submission_Date'),
        };
      } else {
        yield {
          ...base,
          exclusivity_code: text(c.get('Exclusivity_Code')),
          exclusivity_date: date('Exclusivity_Date'),
        };
      }
    }
  }
  return { ...head, parse: (input) => parse(input), codesOf: () => [] };
}

export const productsParser = obParser('products');
export const patentParser = obParser('patent');
export const exclusivityParser = obParser('exclusivity');
