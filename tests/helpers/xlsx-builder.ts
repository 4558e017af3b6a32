import { buildZip, type ZipInput } from './zip-writer';

/**
 * Builds small SpreadsheetML packages for tests from raw sheet XML, so each test states exactly
 * the cell markup it exercises (inline strings, error cells, prefixed namespaces...).
 */
export interface SheetSpec {
  name: string;
  /** The `<sheetData>` content (rows and cells). */
  sheetData: string;
  state?: 'hidden' | 'veryHidden';
  /** Element prefix for the SpreadsheetML namespace, e.g. `x` for `<x:row>`. */
  prefix?: string;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PR = 'http://schemas.openxmlformats.org/package/2006/relationships';

export function buildXlsx(opts: {
  sheets: SheetSpec[];
  sharedStrings?: string[];
  sharedXml?: string;
  date1904?: boolean;
}): Buffer {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const files: ZipInput[] = [
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="${PR}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${R}">${opts.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets>${opts.sheets
        .map(
          (s, i) =>
            `<sheet name="${esc(s.name)}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ''} r:id="rId${i + 1}"/>`,
        )
        .join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="${PR}">${opts.sheets
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${R}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
        .join('')}<Relationship Id="rIdS" Type="${R}/sharedStrings" Target="/xl/sharedStrings.xml"/></Relationships>`,
    },
    {
      name: 'xl/sharedStrings.xml',
      data:
        opts.sharedXml ??
        `<?xml version="1.0"?><sst xmlns="${NS}">${(opts.sharedStrings ?? []).map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`,
    },
  ];
  opts.sheets.forEach((s, i) => {
    const p = s.prefix ? `${s.prefix}:` : '';
    const xmlns = s.prefix ? `xmlns:${s.prefix}="${NS}"` : `xmlns="${NS}"`;
    files.push({
      name: `xl/worksheets/sheet${i + 1}.xml`,
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><${p}worksheet ${xmlns}><${p}sheetData>${s.sheetData}</${p}sheetData></${p}worksheet>`,
    });
  });
  return buildZip(files);
}

/** A cell value of `rowsWorkbook`: text as an inline string, a number as a number, null as no cell. */
export type RowValue = string | number | null;

/** Column letters of a 0-based index (A..Z, AA..ZZ). */
const columnLetters = (c: number): string =>
  (c >= 26 ? String.fromCharCode(64 + Math.floor(c / 26)) : '') + String.fromCharCode(65 + (c % 26));

/**
 * A one-sheet workbook from plain rows (row 1 first), for layout variants in tests: text becomes an
 * inline string, a number a numeric cell, null no cell at all.
 */
export function rowsWorkbook(rows: readonly (readonly RowValue[])[], sheetName = 'Sheet1'): Buffer {
  const cell = (v: RowValue, c: number, r: number) => {
    if (v === null) return '';
    const ref = `${columnLetters(c)}${r}`;
    return typeof v === 'number'
      ? `<c r="${ref}"><v>${v}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
  };
  const sheetData = rows
    .map((row, i) => `<row r="${i + 1}">${row.map((v, c) => cell(v, c, i + 1)).join('')}</row>`)
    .join('');
  return buildXlsx({ sheets: [{ name: sheetName, sheetData }] });
}
