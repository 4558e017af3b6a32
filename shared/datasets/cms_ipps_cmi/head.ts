import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations know of the CMI parser without its code (./parser.ts, a lazy file). */
export const CMI_PARSER_HEAD: ParserHead = { id: 'cms_ipps_cmi/cmi-text', version: '1' };

/**
 * The text members of the IPPS final rule's case-mix index file and impact file zips, named by
 * the fiscal year (`FY_2024_Final_Rule_CMI_File.txt`, `FY 2025 Final Rule Impact File.csv`).
 */
export const CMI_FILE = /^FY[ _-]?(\d{4})[ _-].*(CMI|Case[ _-]?Mix|Impact)[^/]*\.(txt|csv|tab)$/i;

/** The IPPS fiscal year of a CMI file's name, or null. */
export function cmiFiscalYear(name: string): number | null {
  const m = CMI_FILE.exec(name);
  return m ? Number(m[1]) : null;
}
