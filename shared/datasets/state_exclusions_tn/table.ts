import { PublisherFormatError } from '../../publishers/common/errors';
import { clean } from '../../state-exclusions/fields';

/** The workbook's columns, in print order: its header row, repeated atop every printed page. */
export const TN_COLUMNS = ['Last Name', 'First Name', 'NPI', 'Begin Date', 'Reason', 'End Date'] as const;

/** One table row, its cells as printed (a wrapped Last Name cell joined), before any mapping. */
export interface TnRow {
  /** 1-based line of the rendering where the row starts (its first wrapped line, if any). */
  line: number;
  last: string;
  first: string | null;
  npi: string | null;
  begin: string | null;
  reason: string | null;
  end: string | null;
}

/** What the reader saw: every non-blank line of the rendering is exactly one of the counted kinds. */
export interface TnTally {
  pages: number;
  lines: number;
  blank: number;
  columnHeaders: number;
  /** Page headers above the column header, `Page 2 of 5`, and text repeated on every page. */
  furniture: number;
  /** Lines carrying a row's begin date or NPI: one per row. */
  rowLines: number;
  /** Earlier lines of a wrapped Last Name cell, each joined to the row below it. */
  wrapped: number;
  rows: number;
}

const HEADER = TN_COLUMNS.join(' ');
const DATE = /(?<![\d/])\d{1,2}\/\d{1,2}\/\d{2,4}(?![\d/])/;
const NPI = /(?<!\d)\d{10}(?!\d)/;
/** A trailing NPI cell: run into the first name (`Theodore J.1245876036`) or after a gap. */
const ID_AT_END = /(?<!\d)(\d{7,})$/;
const END_AT_END = /(?:^|\s)(\d{1,2}\/\d{1,2}\/\d{2,4})$/;
/** `Page 2`, `Page 2 of 5`, or a bare page number (at most four digits: a 10-digit NPI is not one). */
const FOOTER = /^(?:page\s+\d+(?:\s+of\s+\d+)?|\d{1,4})$/i;
/** The pdf renderer writes the blank between two cells as three spaces (a pdf.js whitespace item). */
const GAP = /\s{3,}/;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const shape = (s: string) => squash(s).replace(/\d+/g, '#');

/**
 * Reads the table of the TennCare list from the archive's text rendering of the PDF (pages split
 * by form feeds, lines as pdf.js reports them). A row is the line carrying its begin date (or its
 * NPI), preceded by the earlier lines of a wrapped Last Name cell (an organization's, First Name
 * blank): the print draws a row's cells left to right, so a wrapped name's first lines come out just
 * above the rest of its row. The
 * column header is required on the first page and read on every page that repeats it; lines above
 * it are the page header; `Page n of m` and lines repeated on every page are page furniture. A line
 * that fits none of these, a row whose text is not all assigned to its cells, or a header with
 * other columns is a PublisherFormatError naming the line: nothing is dropped unseen.
 */
export function tnTable(text: string, parserId: string): { rows: TnRow[]; tally: TnTally } {
  const pages = text.split('\f').map((p) => p.split('\n'));
  const tally: TnTally = {
    pages: pages.length,
    lines: 0,
    blank: 0,
    columnHeaders: 0,
    furniture: 0,
    rowLines: 0,
    wrapped: 0,
    rows: 0,
  };
  const repeated = repeatedOnEveryPage(pages);
  const rows: TnRow[] = [];
  let line = 0;
  for (const lines of pages) {
    let inTable = !lines.some(isHeaderLike);
    let wrapped: { line: number; text: string }[] = [];
    for (const raw of lines) {
      line++;
      const t = squash(raw);
      if (!t) {
        tally.blank++;
        continue;
      }
      tally.lines++;
      if (isHeaderLike(t)) {
        if (t.toLowerCase() !== HEADER.toLowerCase())
          throw new PublisherFormatError(
            parserId,
            line,
            `column header ${JSON.stringify(t)}; this layout reads ${HEADER}`,
          );
        if (wrapped.length) throw unassigned(parserId, wrapped[0]!);
        tally.columnHeaders++;
        inTable = true;
        continue;
      }
      if (inTable && !tally.columnHeaders)
        throw new PublisherFormatError(parserId, line, `no column header (${HEADER}) before this line`);
      if (!inTable && NPI.test(t)) throw new PublisherFormatError(parserId, line, 'a row above the column header');
      // Furniture never carries a date or an NPI: a row repeated on every page (one person listed on
      // two pages without an NPI) is two rows, not a page header.
      const anchored = DATE.test(t) || NPI.test(t);
      if (!inTable || (!anchored && (FOOTER.test(t) || repeated.has(shape(t))))) {
        if (wrapped.length) throw unassigned(parserId, wrapped[0]!);
        tally.furniture++;
        continue;
      }
      if (!DATE.test(t) && !NPI.test(t)) {
        // A wrapped cell is one cell: a line holding several is a row that lost its anchors.
        if (GAP.test(raw.trim())) throw unassigned(parserId, { line, text: t });
        wrapped.push({ line, text: t });
        tally.wrapped++;
        continue;
      }
      rows.push(rowOf(wrapped, raw, line, parserId));
      wrapped = [];
      tally.rowLines++;
    }
    if (wrapped.length) throw unassigned(parserId, wrapped[0]!);
  }
  if (!tally.columnHeaders) throw new PublisherFormatError(parserId, 1, `no column header (${HEADER}): an empty list`);
  tally.rows = rows.length;
  const accounted = tally.columnHeaders + tally.furniture + tally.rowLines + tally.wrapped;
  if (accounted !== tally.lines || tally.rows !== tally.rowLines)
    throw new PublisherFormatError(parserId, line, `${tally.lines} lines read but ${accounted} accounted for`);
  return { rows, tally };
}

const isHeaderLike = (t: string) => /^last\s+name\b/i.test(t.trim());

const unassigned = (parserId: string, l: { line: number; text: string }) =>
  new PublisherFormatError(parserId, l.line, `${JSON.stringify(l.text)} is not part of any row`);

/** Shapes (digits as `#`) of the lines found on every non-blank page of a multi-page list. */
function repeatedOnEveryPage(pages: string[][]): Set<string> {
  const filled = pages.filter((p) => p.some((l) => l.trim()));
  if (filled.length < 2) return new Set();
  const sets = filled.map((p) => new Set(p.map(shape).filter((s) => s && !isHeaderLike(s))));
  return new Set([...sets[0]!].filter((s) => sets.every((x) => x.has(s))));
}

/** Splits a row line at its begin date (else its NPI) into names and NPI before it, reason and end after it. */
function rowOf(wrapped: { line: number; text: string }[], raw: string, line: number, parserId: string): TnRow {
  const fail = (why: string) => new PublisherFormatError(parserId, line, `${why}: ${JSON.stringify(squash(raw))}`);
  const d = DATE.exec(raw);
  const at = d ? d.index : raw.search(NPI) + 10;
  let before = raw.slice(0, at).trim();
  const after = d ? raw.slice(at + d[0].length).trim() : raw.slice(at).trim();
  const id = ID_AT_END.exec(before);
  let npi: string | null = null;
  if (id) {
    npi = id[1]!;
    before = before.slice(0, id.index).trim();
  }
  const names = before ? before.split(GAP).map(squash) : [];
  // An NPI cell holding a placeholder (`N/A`) rather than digits.
  if (!npi && names.length > 1 && clean(names.at(-1)) === null) npi = names.pop()!;
  if (names.length > 2) throw fail('more name cells than Last Name and First Name');
  // Only an organization's name (First Name blank) is long enough to wrap; wrapped text above a person
  // is more likely a wrapped Reason of the row before, which this layout cannot place.
  if (wrapped.length && names.length === 2)
    throw new PublisherFormatError(
      parserId,
      wrapped[0]!.line,
      `${JSON.stringify(wrapped[0]!.text)} is not part of any row: wrapped text above a row with a First Name`,
    );
  const last = squash([...wrapped.map((w) => w.text), names[0] ?? ''].join(' '));
  if (!last) throw fail('a row without a name');
  const cells = after ? after.split(GAP).map(squash) : [];
  if (cells.length > 2) throw fail('more cells after the begin date than Reason and End Date');
  let reason = cells[0] ?? null;
  let end = cells[1] ?? null;
  const e = !end && reason ? END_AT_END.exec(reason) : null;
  if (e) {
    end = e[1]!;
    reason = reason!.slice(0, e.index).trim() || null;
  }
  if (!npi && !reason) throw fail('a row with neither an NPI nor a reason');
  const row: TnRow = {
    line: wrapped[0]?.line ?? line,
    last,
    first: names[1] ?? null,
    npi,
    begin: d?.[0] ?? null,
    reason,
    end,
  };
  // Every character of the row's lines is in one of its cells.
  const seen = [...wrapped.map((w) => w.text), raw].join('').replace(/\s+/g, '');
  const kept = [row.last, row.first, row.npi, row.begin, row.reason, row.end].join('').replace(/\s+/g, '');
  if (seen !== kept) throw fail('text not assigned to any cell');
  return row;
}
