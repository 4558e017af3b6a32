/**
 * Text renderings of archived files (issue 3, point 7). A rendering is derived data: it is made
 * from the stored bytes and never changes them. Each renderer carries a version string that is
 * bumped whenever its output for the same bytes changes, so stored renderings can be recomputed
 * selectively. The renderer is chosen from the bytes (magic numbers), not from the name or the
 * declared type, which publishers get wrong; a declared charset is only a hint (see decode.ts).
 *
 * Renderers (see each file for its output format):
 * - `text`: CSV/TXT/PRN and anything else that is not binary, decoded per decode.ts;
 * - `xlsx`: one block per sheet, rows as tab-separated cell text (xlsx.ts);
 * - `pdf`: the text of each page, pages separated by form feeds (pdf.ts);
 * - `zip`: a listing of the members with sizes and CRC-32 (zip.ts);
 * - `binary`: files with no text form (images, legacy .xls): empty text;
 * - `unrenderable`: a file whose format was recognised but could not be read (a truncated zip or
 *   PDF); the text is one line naming the format and the reason.
 */
import { looksLikeZip } from '../../formats/zip';
import { charsetOf, decodeText } from './decode';
import { renderPdf } from './pdf';
import { rendering, type TextRendering } from './rendering';
import { renderXlsxOrZip } from './zip';

export type { RendererName, TextRendering } from './rendering';
export { RENDERER_VERSIONS } from './rendering';

/** Renders one file's bytes to text. Never throws for malformed input: that renders as `unrenderable`. */
export async function renderText(input: {
  bytes: Buffer;
  name: string;
  contentType?: string;
  declaredEncoding?: string;
}): Promise<TextRendering> {
  const { bytes } = input;
  const kind = sniff(bytes);
  try {
    if (kind === 'pdf') return await renderPdf(bytes);
    if (kind === 'zip') return await renderXlsxOrZip(bytes);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return rendering('unrenderable', null, `unrenderable ${kind}: ${reason.replace(/\s+/g, ' ').trim()}`);
  }
  if (kind === 'binary') return rendering('binary', null, '');
  const decoded = decodeText(bytes, input.declaredEncoding ?? charsetOf(input.contentType));
  return rendering('text', decoded.encoding, decoded.text);
}

type Kind = 'pdf' | 'zip' | 'binary' | 'text';

/**
 * Format by magic number (a PDF header may follow whitespace); text unless the head holds NUL bytes
 * and no UTF-16 byte-order mark.
 */
function sniff(bytes: Buffer): Kind {
  const head = bytes.subarray(0, 8192);
  if (/^(\u00EF\u00BB\u00BF)?\s*%PDF-/.test(head.subarray(0, 1024).toString('latin1'))) return 'pdf';
  if (looksLikeZip(head)) return 'zip';
  const utf16Bom = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16Bom && head.includes(0)) return 'binary';
  return 'text';
}
