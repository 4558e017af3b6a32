import { normalizeCity } from '../../facilities/normalize';
import { type Cell, cellText, excelSerialToIsoDate, readWorkbook } from '../../formats/xlsx';
import { toChunks } from '../../publishers/common/bytes';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { mergeFilings } from '../../signals/merge';
import type { MergedFiling, SignalRow } from '../../signals/signal-rows';
import { TN_CON_PARSER_HEAD } from './head';
import { CON_COLUMNS, type ConColumn, HEADER_SEARCH_ROWS, REQUIRED } from './layout';
import { actionCodes, type ConStatus, categoryOf, placeIn, statusOf, statusText } from './rules';

const ID = TN_CON_PARSER_HEAD.id;
export const SOURCE_ID = 'tn_hfc_con';

/** A filing as read, with the status its own action cell gives. */
export interface ConFiling {
  row: SignalRow;
  status: ConStatus;
}

type Columns = Record<ConColumn, number>;

/** Trimmed text with inner whitespace collapsed, or null when empty. */
function text(cell: Cell | undefined): string | null {
  const s = cellText(cell ?? null)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
  return s === '' ? null : s;
}

/** A date cell: an Excel serial or a written date (M/D/YYYY, YYYY-MM-DD) to YYYY-MM-DD. */
function day(cell: Cell | undefined, line: number, date1904: boolean): string | null {
  if (typeof cell === 'number') {
    const d = excelSerialToIsoDate(cell, date1904);
    if (!d) throw new PublisherFormatError(ID, line, `Meeting Date: unreadable date serial ${cell}`);
    return d;
  }
  const s = text(cell);
  return s === null ? null : parseDate(s, ID, line);
}

/** Dollars from a number cell or written money (`$62,500,000.00`); anything else is a format error. */
function dollars(cell: Cell | undefined, line: number): number | null {
  if (typeof cell === 'number') return cell;
  const s = text(cell);
  if (s === null) return null;
  const n = Number(s.replace(/[$,\s]/g, ''));
  if (!Number.isFinite(n) || !/\d/.test(s))
    throw new PublisherFormatError(ID, line, `Total Project Cost ${JSON.stringify(s)} is not a number`);
  return n;
}

/** The list's sheet: the first whose first rows hold a header naming a project number column. */
function findTable(sheets: { name: string; rows: Cell[][] }[]) {
  for (const sheet of sheets) {
    for (let i = 0; i < Math.min(sheet.rows.length, HEADER_SEARCH_ROWS); i++) {
      const names = (sheet.rows[i] ?? []).map((c) => cellText(c));
      const header = new HeaderIndex(names, ID, i + 1);
      if (header.find(...CON_COLUMNS.project) < 0) continue;
      for (const c of REQUIRED) header.require(...CON_COLUMNS[c]);
      const cols = Object.fromEntries(
        (Object.keys(CON_COLUMNS) as ConColumn[]).map((k) => [k, header.find(...CON_COLUMNS[k])]),
      ) as Columns;
      return { rows: sheet.rows, start: i + 1, names, cols };
    }
  }
  throw new PublisherFormatError(ID, 1, 'no sheet has a "Project Number" header in its first 20 rows');
}

/**
 * One row of the list as a filing. `line` is the sheet row (1-based), `record` the data row's
 * ordinal. The published row is kept as-is (header name → cell value, empty cells null).
 */
export function conFiling(
  cells: readonly Cell[],
  names: readonly string[],
  cols: Columns,
  line: number,
  record: number,
  date1904 = false,
): ConFiling {
  const at = (c: ConColumn) => (cols[c] < 0 ? undefined : cells[cols[c]]);
  const project = text(at('project'))?.toUpperCase();
  if (!project) throw new PublisherFormatError(ID, line, 'a project row has no project number');
  const codes = actionCodes(text(at('action')));
  if (codes === null)
    throw new PublisherFormatError(ID, line, `unknown action code ${JSON.stringify(text(at('action')))}`);
  const status = statusOf(codes);
  const description = text(at('description'));
  const meeting = day(at('meeting'), line, date1904);
  const place = placeIn(description);
  const source_row: Record<string, unknown> = {};
  names.forEach((n, i) => {
    if (n.trim() !== '') source_row[n] = cells[i] ?? null;
  });
  const approved = status === 'approved' ? meeting : null;
  return {
    status,
    row: {
      signal_id: `${SOURCE_ID}:${project}`,
      source_id: SOURCE_ID,
      filing_id: project,
      state: 'TN',
      city: normalizeCity(place.city),
      address: place.address,
      zip: place.zip,
      named_party: text(at('name')),
      category: categoryOf(description),
      published_type: text(at('type')),
      status: statusText(codes),
      description,
      value_usd: dollars(at('cost'), line),
      filed_date: null,
      issued_date: null,
      approved_date: approved,
      // A decision that ends the application (denied, withdrawn…) dates it too: the merge keeps the
      // newest filing of a project number, so a later withdrawal outranks an earlier approval.
      latest_date: status === 'pending' ? null : meeting,
      health_rule: ['certificate of need project (a health-care facility or service under CON review)'],
      merged_from: [],
      source_row,
      locator: { line, record },
    },
  };
}

const newer = (a: SignalRow, b: SignalRow) =>
  (b.latest_date ?? '') > (a.latest_date ?? '') ||
  ((b.latest_date ?? '') === (a.latest_date ?? '') && b.locator.record > a.locator.record);

function asMerged(f: SignalRow, primary: SignalRow, rule?: MergedFiling['rule']): MergedFiling {
  return {
    filing_id: f.filing_id,
    rule: rule ?? (f.filing_id === primary.filing_id ? 'same_permit_number' : 'repeated_filing'),
    filed_date: f.filed_date,
    issued_date: f.issued_date,
    value_usd: f.value_usd,
    locator: f.locator,
    source_row: f.source_row,
  };
}

/**
 * The signals of a list: filings merged (shared/signals/merge.ts: the same project number listed
 * again, or an application re-filed under a new number with the same site, category, cost and
 * description), then kept when live. A project number's newest row decides its status; a merged
 * group is a signal when one of its project numbers is live (approved or pending), and that
 * number's newest row is the signal, every other filing of the group in `merged_from` (a withdrawn
 * application re-filed shows there). A group with no live number (denied, withdrawn, surrendered,
 * voided, expired) is not a signal.
 */
export function conSignals(filings: readonly ConFiling[]): SignalRow[] {
  const byRecord = new Map(filings.map((f) => [f.row.locator.record, f]));
  const out: SignalRow[] = [];
  for (const s of mergeFilings(filings.map((f) => f.row))) {
    const members = [s, ...s.merged_from.map((m) => byRecord.get(m.locator.record)!.row)];
    const decisive = new Map<string, SignalRow>();
    for (const m of members) {
      const prior = decisive.get(m.filing_id);
      if (!prior || newer(prior, m)) decisive.set(m.filing_id, m);
    }
    const live = [...decisive.values()].filter((m) => byRecord.get(m.locator.record)!.status !== 'ended');
    if (!live.length) continue;
    const primary = live.reduce((best, m) => (newer(best, m) ? m : best));
    if (primary === s) {
      out.push(s);
      continue;
    }
    const why = new Map(s.merged_from.map((m) => [m.locator.record, m.rule]));
    out.push({
      ...primary,
      merged_from: members
        .filter((m) => m !== primary)
        .sort((a, b) => a.locator.record - b.locator.record)
        .map((m) => asMerged(m, primary, m.filing_id === primary.filing_id ? undefined : why.get(m.locator.record))),
    });
  }
  return out.sort((a, b) => a.locator.record - b.locator.record);
}

/** Workbooks are not streamable: gather the bytes (the list is a few thousand rows). */
async function whole(input: ByteInput): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input;
  const parts: Buffer[] = [];
  for await (const c of toChunks(input)) parts.push(c);
  return Buffer.concat(parts);
}

/**
 * The Tennessee CON project list (XLSX): the sheet found by its header, each project row read by
 * column name (./layout.ts), rows without a project number and blank rows skipped only when wholly
 * empty; merged and kept as conSignals says.
 */
async function* parseList(input: ByteInput): AsyncGenerator<SignalRow> {
  const wb = await readWorkbook(await whole(input));
  const table = findTable(wb.sheets);
  const filings: ConFiling[] = [];
  for (let i = table.start; i < table.rows.length; i++) {
    const cells = table.rows[i] ?? [];
    if (cells.every((c) => text(c) === null)) continue;
    filings.push(conFiling(cells, table.names, table.cols, i + 1, filings.length + 1, wb.date1904));
  }
  yield* conSignals(filings);
}

export const tnConParser: PublisherParser<SignalRow> = {
  ...TN_CON_PARSER_HEAD,
  parse: (input) => parseList(input),
  codesOf: () => [],
};
