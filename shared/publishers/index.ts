/**
 * Publisher-file parsers (issue 5 point 1, issue 11 points 2-3): pure functions from archived bytes
 * to plain JSON records, one parser per publisher layout, all streaming with the same interface.
 *
 *   const parser = parserFor(sourceId, memberName);            // undefined: no parser reads that file
 *   for await (const rec of parser.parse(stream, { fileName: memberName })) { ... }
 *
 * Every record is snake_case JSON with `locator: { line, record }` (first physical line of the
 * record, 1-based index among the file's records); store it with `parser.id` and `parser.version`.
 * Replay: `findByLocator(parser, bytes, locator)` returns the same record. Coverage:
 * `parser.codesOf(rec)` / `codesInFile(parser, bytes)` give the codes a file governs. CPT-shaped
 * codes never carry descriptor text (dropped at parse time). A file that is not the expected
 * layout throws PublisherFormatError naming the line.
 */

import { STATE_LAYOUTS } from '../state-exclusions/layouts';
import type { Located, PublisherParser } from './common/types';
import { dmeposFeeParser } from './dmepos/fee-schedule';
import { dmeposRuralZipParser } from './dmepos/rural-zip';
import { hcpcsAnwebParser } from './hcpcs/anweb';
import { hcpcsCsvParser } from './hcpcs/csv';
import { hcpcsXlsxParser } from './hcpcs/xlsx';
import { leieParser } from './leie/leie';
import {
  mcdArticleCodeGroupParser,
  mcdArticleCodeParser,
  mcdLcdCodeGroupParser,
  mcdLcdCodeParser,
} from './mcd/code-lists';
import {
  mcdArticleContractorParser,
  mcdContractorParser,
  mcdJurisdictionParser,
  mcdLcdContractorParser,
  mcdStateParser,
} from './mcd/contractors';
import { mcdArticleParser, mcdLcdParser } from './mcd/documents';
import { nadacParser } from './nadac/nadac';
import { mueParser } from './ncci-mue/mue';
import { ptpParser } from './ncci-ptp/ptp';
import { nppesParser } from './nppes/npidata';

export { PublisherFormatError } from './common/errors';
export { codesInFile, codesOf, findByLocator } from './common/locator';
export type { ByteInput, Located, Locator, ParseOptions, PublisherParser } from './common/types';
export type { DmeposFeeRecord, StateFee } from './dmepos/fee-schedule';
export type { RuralZipRecord } from './dmepos/rural-zip';
export type { HcpcsRecord } from './hcpcs/record';
export type { LeieRecord } from './leie/leie';
export type { McdCodeGroupRecord, McdCodeRecord, McdDocType } from './mcd/code-lists';
export type {
  McdContractorRecord,
  McdDocContractorRecord,
  McdJurisdictionRecord,
  McdStateRecord,
} from './mcd/contractors';
export type { ArticleRecord, LcdRecord } from './mcd/documents';
export { contractorStates, listingsFor, type McdListing, uspsState } from './mcd/join';
export type { NadacRecord } from './nadac/nadac';
export type { MueRecord, MueSetting } from './ncci-mue/mue';
export type { PtpRecord } from './ncci-ptp/ptp';
export type { NppesAddress, NppesRecord, NppesTaxonomy } from './nppes/npidata';

type AnyParser = PublisherParser<Located>;

/** File-name patterns (base name, case-insensitive) to the parser of that layout, per source. */
const RULES: ReadonlyArray<{ sourceId: string; match: RegExp; parser: AnyParser }> = [
  { sourceId: 'cms_hcpcs_level2', match: /ANWEB.*\.txt$/i, parser: hcpcsAnwebParser },
  { sourceId: 'cms_hcpcs_level2', match: /ANWEB.*\.csv$/i, parser: hcpcsCsvParser },
  { sourceId: 'cms_hcpcs_level2', match: /ANWEB.*\.xlsx$/i, parser: hcpcsXlsxParser },
  { sourceId: 'cms_dmepos_fee_schedule', match: /^DME(POS|PEN)_[A-Z]{3}\.csv$/i, parser: dmeposFeeParser },
  { sourceId: 'cms_dmepos_fee_schedule', match: /^DME Rural ZIP Code.*\.csv$/i, parser: dmeposRuralZipParser },
  { sourceId: 'cms_ncci_mue', match: /MUE.*\.csv$/i, parser: mueParser },
  { sourceId: 'cms_ncci_ptp', match: /^cci(pra|oph).*\.txt$/i, parser: ptpParser },
  { sourceId: 'cms_mcd', match: /^lcd\.csv$/i, parser: mcdLcdParser },
  { sourceId: 'cms_mcd', match: /^article\.csv$/i, parser: mcdArticleParser },
  { sourceId: 'cms_mcd', match: /^lcd_x_hcpc_code\.csv$/i, parser: mcdLcdCodeParser },
  { sourceId: 'cms_mcd', match: /^article_x_hcpc_code\.csv$/i, parser: mcdArticleCodeParser },
  { sourceId: 'cms_mcd', match: /^lcd_x_hcpc_code_group\.csv$/i, parser: mcdLcdCodeGroupParser },
  { sourceId: 'cms_mcd', match: /^article_x_hcpc_code_group\.csv$/i, parser: mcdArticleCodeGroupParser },
  { sourceId: 'cms_mcd', match: /^lcd_x_contractor\.csv$/i, parser: mcdLcdContractorParser },
  { sourceId: 'cms_mcd', match: /^article_x_contractor\.csv$/i, parser: mcdArticleContractorParser },
  { sourceId: 'cms_mcd', match: /^contractor\.csv$/i, parser: mcdContractorParser },
  { sourceId: 'cms_mcd', match: /^contractor_jurisdiction\.csv$/i, parser: mcdJurisdictionParser },
  { sourceId: 'cms_mcd', match: /^state_lookup\.csv$/i, parser: mcdStateParser },
  { sourceId: 'oig_leie', match: /^(UPDATED|\d{4}(EXCL|REIN))\.csv$/i, parser: leieParser },
  { sourceId: 'medicaid_nadac', match: /^(nadac.*|NADAC)\.csv$/i, parser: nadacParser },
  { sourceId: 'nppes', match: /^npidata_pfile_\d{8}-\d{8}\.csv$/i, parser: nppesParser },
  // State exclusion lists: one layout per state (shared/state-exclusions/layouts).
  ...STATE_LAYOUTS.map((l) => ({ sourceId: l.sourceId, match: l.match, parser: l as AnyParser })),
];

/**
 * The parser for an archived file, by its source and base name, or undefined for files no parser
 * reads (readmes, PDFs, the tilde-delimited PEN text, the former-CBA schedules, the NPPES
 * `_fileheader.csv`). Zip members are matched by their own names.
 */
export function parserFor(sourceId: string, fileName: string): AnyParser | undefined {
  const base = fileName.replace(/^.*[\\/]/, '');
  return RULES.find((r) => r.sourceId === sourceId && r.match.test(base))?.parser;
}

/** Every parser, for listing parser ids and versions (e.g. to stamp loaded facts). */
export const ALL_PARSERS: readonly AnyParser[] = [...new Set(RULES.map((r) => r.parser))];
