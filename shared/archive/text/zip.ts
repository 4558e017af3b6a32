import { cellText, isXlsxPackage, readWorkbook } from '../../formats/xlsx';
import { openZip } from '../../formats/zip';
import { rendering, type TextRendering } from './rendering';

/** Renders a zip: a SpreadsheetML package as its sheets, any other zip as a member listing. */
export async function renderXlsxOrZip(bytes: Buffer): Promise<TextRendering> {
  return (await isXlsxPackage(bytes)) ? renderXlsx(bytes) : renderZipListing(bytes);
}

/**
 * XLSX renderer. For each sheet in workbook order: a line `# sheet: <name>` (plus ` (hidden)` for
 * hidden sheets), then one line per row (empty rows kept, so line n after the header is Excel row
 * n), cells separated by tabs. Cell text: strings as stored, numbers in shortest round-trip form
 * (dates stay Excel serial numbers, since date-ness is a style, not a value), booleans TRUE/FALSE,
 * error cells as their code (#VALUE!). Inside a cell, backslash, tab, LF and CR are written as
 * `\\`, `\t`, `\n`, `\r`, so a row is always one line. Sheets are separated by a blank line.
 */
export async function renderXlsx(bytes: Buffer): Promise<TextRendering> {
  const wb = await readWorkbook(bytes);
  const blocks = wb.sheets.map((s) => {
    const head = `# sheet: ${s.name}${s.state === 'visible' ? '' : ` (${s.state})`}`;
    const lines = s.rows.map((r) => r.map((c) => escapeCell(cellText(c))).join('\t'));
    return [head, ...lines].join('\n');
  });
  return rendering('xlsx', null, blocks.join('\n\n'));
}

function escapeCell(s: string): string {
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : s;
}

/**
 * ZIP renderer: a header line, then one line per central-directory entry in archive order:
 * name, uncompressed size, compressed size, CRC-32 (8 lowercase hex digits) and the DOS
 * modification time (as stored, no time zone), tab-separated. Directories keep their trailing `/`.
 */
export async function renderZipListing(bytes: Buffer): Promise<TextRendering> {
  const zip = await openZip(bytes);
  try {
    const lines = ['name\tsize\tcompressed_size\tcrc32\tmodified'];
    for (const m of zip.members) {
      const crc = m.crc32.toString(16).padStart(8, '0');
      const modified = m.modified.toISOString().slice(0, 19);
      lines.push([m.name, m.size, m.compressedSize, crc, modified].join('\t'));
    }
    return rendering('zip', null, lines.join('\n'));
  } finally {
    zip.close();
  }
}
