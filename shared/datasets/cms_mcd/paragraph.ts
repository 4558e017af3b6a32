/**
 * Plain text of an MCD HTML cell (code-group paragraphs). The MCD readme says the CSV cells carry
 * HTML "intentionally included ... to affect how the text is displayed on a web page"; a fact
 * serves the words, the receipt points at the row with the HTML as published.
 *
 * Tags are dropped (block ends and `<br>` become line breaks), then character references are
 * decoded per HTML (WHATWG "Named character references" for the names below; numeric references,
 * with 128-159 read as Windows-1252 as HTML does). An unknown named reference is kept as written.
 * No-break spaces become spaces, runs of blanks collapse, empty lines go.
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  shy: '\u00ad',
  ndash: '\u2013',
  mdash: '\u2014',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  hellip: '\u2026',
  bull: '\u2022',
  middot: '\u00b7',
  dagger: '\u2020',
  Dagger: '\u2021',
  reg: '\u00ae',
  copy: '\u00a9',
  trade: '\u2122',
  deg: '\u00b0',
  plusmn: '\u00b1',
  times: '\u00d7',
  divide: '\u00f7',
  frac14: '\u00bc',
  frac12: '\u00bd',
  frac34: '\u00be',
  sup1: '\u00b9',
  sup2: '\u00b2',
  sup3: '\u00b3',
  micro: '\u00b5',
  para: '\u00b6',
  sect: '\u00a7',
  le: '\u2264',
  ge: '\u2265',
  ne: '\u2260',
  asymp: '\u2248',
  laquo: '\u00ab',
  raquo: '\u00bb',
  cent: '\u00a2',
  pound: '\u00a3',
  euro: '\u20ac',
  yen: '\u00a5',
  iexcl: '\u00a1',
  iquest: '\u00bf',
  larr: '\u2190',
  rarr: '\u2192',
  uarr: '\u2191',
  darr: '\u2193',
  aacute: '\u00e1',
  eacute: '\u00e9',
  iacute: '\u00ed',
  oacute: '\u00f3',
  uacute: '\u00fa',
  agrave: '\u00e0',
  egrave: '\u00e8',
  auml: '\u00e4',
  ouml: '\u00f6',
  uuml: '\u00fc',
  ntilde: '\u00f1',
  ccedil: '\u00e7',
  szlig: '\u00df',
};

/**
 * Numeric references 0x80-0x9F name Windows-1252 characters (WHATWG HTML, "numeric character
 * reference end state" table); undefined positions (0x81, 0x8D, 0x8F, 0x90, 0x9D) stay as code points.
 * A table, not TextDecoder: Node 20's one-shot windows-1252 decode drops these bytes.
 */
const C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function numeric(code: number, written: string): string {
  if (code >= 0x80 && code <= 0x9f) return C1[code - 0x80]!;
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return written;
  return String.fromCodePoint(code);
}

/** Decode HTML character references (named ones from the table above, and numeric ones). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (all, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? all;
    const hex = ref[1] === 'x' || ref[1] === 'X';
    return numeric(Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10), all);
  });
}

const BREAK = /<br\s*\/?>|<\/(?:p|div|li|tr|h[1-6]|ul|ol|table)\s*>|<(?:p|div|li|tr|h[1-6]|ul|ol|table)(?:\s[^>]*)?>/gi;

/** The words of an HTML cell, or null when it holds none. */
export function paragraphText(html: string | null | undefined): string | null {
  if (!html) return null;
  const text = decodeEntities(html.replace(BREAK, '\n').replace(/<[^>]*>/g, ''));
  const lines = text
    .split(/\r?\n|\r/)
    .map((l) => l.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((l) => l !== '');
  return lines.length ? lines.join('\n') : null;
}
