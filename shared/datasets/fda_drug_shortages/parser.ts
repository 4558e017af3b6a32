import { parseNdc } from '../../codes/ndc';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { type ShortageRow, shortageKeyOf, shortageStatusOf } from '../../rx/shortage-rows';
import { SHORTAGES_PARSER_HEAD } from './head';

const ID = SHORTAGES_PARSER_HEAD.id;

/**
 * The columns of FDA's Drug Shortages CSV export (accessdata.fda.gov/scripts/drugshortages,
 * "Drugshortages.cfm"), read by name: the names are trimmed and their inner spaces collapsed, since
 * the export pads some of them (` Contact Info`, `Generic Name Link `, `   Resolved Note Link`).
 * Alternatives are the names of openFDA's drug shortages fields, for an export written in them.
 */
const COLUMNS = {
  generic: ['Generic Name', 'generic_name'],
  company: ['Company Name', 'company_name'],
  contact: ['Contact Info', 'contact_info'],
  presentation: ['Presentation', 'presentation'],
  updateType: ['Type of Update', 'update_type'],
  updated: ['Date of Update', 'update_date'],
  availability: ['Availability Information', 'availability'],
  related: ['Related Information', 'related_info'],
  resolvedNote: ['Resolved Note', 'resolved_note'],
  reason: ['Reason for Shortage', 'shortage_reason'],
  category: ['Therapeutic Category', 'therapeutic_category'],
  status: ['Status', 'status'],
  changeDate: ['Change Date', 'change_date'],
  discontinued: ['Date Discontinued', 'discontinued_date'],
  posted: ['Initial Posting Date', 'initial_posting_date'],
  genericNote: ['Generic Name Note'],
} as const;
type Col = keyof typeof COLUMNS;
const REQUIRED: readonly Col[] = ['generic', 'presentation', 'status'];

/** Hyphenated NDCs (any of the three 10-digit configurations, or 5-4-2) and 11-digit ones, anywhere in the text. */
const NDC_TOKEN = /(?<![\d-])(\d{4,5}-\d{3,4}-\d{1,2}|\d{10,11})(?![\d-])/g;

/**
 * The NDCs a presentation prints (`Tablet, 325 mg; 5 mg (NDC 60951-602-70)`), as ndc11. Only codes
 * after an `NDC` mark in the same text count, so a strength or a phone number is never read as one;
 * an unhyphenated 10-digit code cannot be padded without a guess and is kept unresolved with its
 * three readings.
 */
export function ndcsIn(presentation: string): { ndc11s: string[]; unresolved: string[] } {
  const mark = presentation.search(/\bNDC\b/i);
  if (mark < 0) return { ndc11s: [], unresolved: [] };
  const ndc11s = new Set<string>();
  const unresolved = new Set<string>();
  for (const m of presentation.slice(mark).matchAll(NDC_TOKEN)) {
    const p = parseNdc(m[1]!);
    if (p.kind === 'ndc11') ndc11s.add(p.ndc11);
    else if (p.kind === 'ambiguous') unresolved.add(m[1]!);
  }
  return { ndc11s: [...ndc11s], unresolved: [...unresolved] };
}

const list = (raw: string | null) =>
  (raw ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

async function* parseShortages(input: ByteInput): AsyncGenerator<ShortageRow> {
  let pos: Record<Col, number> | null = null;
  let record = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!pos) {
      // The export starts with an empty line before its header.
      if (isBlankRecord(f)) continue;
      const h = new HeaderIndex(f, ID, rec.line);
      pos = Object.fromEntries(
        (Object.keys(COLUMNS) as Col[]).map((k) => [
          k,
          REQUIRED.includes(k) ? h.require(...COLUMNS[k]) : h.find(...COLUMNS[k]),
        ]),
      ) as Record<Col, number>;
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (k: Col) => text(at(f, pos![k]));
    const date = (k: Col) => parseDate(at(f, pos![k]), ID, rec.line);
    const generic = g('generic');
    const presentation = g('presentation');
    if (!generic) throw new PublisherFormatError(ID, rec.line, 'Generic Name is empty');
    const status = g('status');
    const found = ndcsIn(presentation ?? '');
    yield {
      shortage_key: shortageKeyOf(generic),
      generic_name: generic,
      company_name: g('company'),
      contact_info: g('contact'),
      presentation,
      ndc11s: found.ndc11s,
      ndc_unresolved: found.unresolved,
      type_of_update: g('updateType'),
      date_of_update: date('updated'),
      availability_information: g('availability'),
      related_information: g('related'),
      resolved_note: g('resolvedNote'),
      reason_for_shortage: g('reason'),
      therapeutic_categories: list(g('category')),
      status_published: status,
      status: shortageStatusOf(status),
      change_date: date('changeDate'),
      date_discontinued: date('discontinued'),
      initial_posting_date: date('posted'),
      generic_name_note: g('genericNote'),
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const shortagesParser: PublisherParser<ShortageRow> = {
  ...SHORTAGES_PARSER_HEAD,
  parse: (input) => parseShortages(input),
  codesOf: () => [],
};
