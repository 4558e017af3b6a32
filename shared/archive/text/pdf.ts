import { extractPdfText } from '../../formats/pdf';
import { rendering, type TextRendering } from './rendering';

/**
 * PDF renderer: the text of each page in pdf.js reading order, lines as pdf.js reports them,
 * pages separated by a form feed (U+000C), as pdftotext does. Characters a font cannot map to
 * Unicode come out as pdf.js reports them; NUL characters are dropped.
 */
export async function renderPdf(bytes: Buffer): Promise<TextRendering> {
  const { pages } = await extractPdfText(bytes);
  return rendering('pdf', null, pages.map((p) => p.replaceAll(String.fromCharCode(0), '')).join('\f'));
}
