import { parseDate } from '../../publishers/common/dates';
import { delimitedRecords } from '../../publishers/common/delimited';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { type DafRow, type DafTable, normalizeApplNo } from '../../rx/approvals-rows';
import { dafHead } from './head';

/**
 * The Drugs@FDA data files (FDA, "Drugs@FDA Data Files" download page and its "Data Definitions
 * and Entity Relationship Diagram"): members of drugsatfda<yyyymmdd>.zip, tab-delimited, a header
 * line of column names, CRLF, no quoting. Columns are read by name. Dates (SubmissionStatusDate)
 * are `YYYY-MM-DD 00:00:00`. Windows-1252 (a UTF-8 BOM switches to UTF-8).
 */
const REQUIRED: Record<DafTable, readonly string[]> = {
  applications: ['ApplNo', 'ApplType', 'SponsorName'],
  products: ['ApplNo', 'ProductNo', 'Form', 'Strength', 'DrugName', 'ActiveIngredient'],
  submissions: ['ApplNo', 'SubmissionType', 'SubmissionNo', 'SubmissionStatus', 'SubmissionStatusDate'],
  marketing_status: ['MarketingStatusID', 'ApplNo', 'ProductNo'],
  marketing_status_lookup: ['MarketingStatusID', 'MarketingStatusDescription'],
  te: ['ApplNo', 'ProductNo', 'MarketingStatusID', 'TECode'],
};

const EMPTY = {
  appl_no: null,
  product_no: null,
  appl_type: null,
  sponsor_name: null,
  public_notes: null,
  form: null,
  strength: null,
  reference_drug: null,
  drug_name: null,
  active_ingredient: null,
  reference_standard: null,
  marketing_status_id: null,
  marketing_status: null,
  te_code: null,
  submission_class_code_id: null,
  submission_type: null,
  submission_no: null,
  submission_status: null,
  submission_status_date: null,
  review_priority: null,
} as const;

function dafParser(table: DafTable): PublisherParser<DafRow> {
  const head = dafHead(table);
  const ID = head.id;
  async function* parse(input: ByteInput): AsyncGenerator<DafRow> {
    const records = delimitedRecords(input, {
      delimiter: '\t',
      encoding: 'windows-1252',
      parserId: ID,
      required: REQUIRED[table],
    });
    for await (const c of records) {
      const line = c.line;
      const base = { ...EMPTY, table, source_row: c.row, locator: { line, record: c.record } };
      if (table === 'marketing_status_lookup') {
        yield {
          ...base,
          marketing_status_id: text(c.get('MarketingStatusID')),
          marketing_status: text(c.get('MarketingStatusDescription')),
        };
        continue;
      }
      const applNo = normalizeApplNo(c.get('ApplNo'));
      if (!applNo)
        throw new PublisherFormatError(ID, line, `ApplNo ${JSON.stringify(c.get('ApplNo'))} is not 6 digits`);
      const productNo = text(c.get('ProductNo'))?.padStart(3, '0') ?? null;
      if (table === 'applications') {
        yield {
          ...base,
          appl_no: applNo,
          appl_type: text(c.get('ApplType'))?.toUpperCase() ?? null,
          sponsor_name: text(c.get('SponsorName')),
          public_notes: text(c.get('ApplPublicNotes')),
        };
      } else if (table === 'products') {
        yield {
          ...base,
          appl_no: applNo,
          product_no: productNo,
          form: text(c.get('Form')),
          strength: text(c.get('Strength')),
          reference_drug: text(c.get('ReferenceDrug')),
          drug_name: text(c.get('DrugName')),
          active_ingredient: text(c.get('ActiveIngredient')),
          reference_standard: text(c.get('ReferenceStandard')),
        };
      } else if (table === 'submissions') {
        yield {
          ...base,
          appl_no: applNo,
          submission_class_code_id: text(c.get('SubmissionClassCodeID')),
          submission_type: text(c.get('SubmissionType'))?.toUpperCase() ?? null,
          submission_no: text(c.get('SubmissionNo')),
          submission_status: text(c.get('SubmissionStatus'))?.toUpperCase() ?? null,
          submission_status_date: parseDate(c.get('SubmissionStatusDate'), ID, line),
          review_priority: text(c.get('ReviewPriority')),
          public_notes: text(c.get('SubmissionsPublicNotes')),
        };
      } else if (table === 'marketing_status') {
        yield {
          ...base,
          appl_no: applNo,
          product_no: productNo,
          marketing_status_id: text(c.get('MarketingStatusID')),
        };
      } else {
        yield {
          ...base,
          appl_no: applNo,
          product_no: productNo,
          marketing_status_id: text(c.get('MarketingStatusID')),
          te_code: text(c.get('TECode')),
        };
      }
    }
  }
  return { ...head, parse: (input) => parse(input), codesOf: () => [] };
}

export const applicationsParser = dafParser('applications');
export const productsParser = dafParser('products');
export const submissionsParser = dafParser('submissions');
export const marketingStatusParser = dafParser('marketing_status');
export const marketingStatusLookupParser = dafParser('marketing_status_lookup');
export const teParser = dafParser('te');
