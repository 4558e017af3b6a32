import type { ParserHead } from '../../publishers/common/lazy';

/** What the declarations know of the EDGAR parsers without their code (./parser.ts, a lazy file). */
export const TICKERS_HEAD: ParserHead = { id: 'sec_edgar/company-tickers-json', version: '1' };
export const SUBMISSIONS_HEAD: ParserHead = { id: 'sec_edgar/submissions-zip', version: '1' };
export const FACTS_HEAD: ParserHead = { id: 'sec_edgar/companyfacts-zip', version: '1' };

/** `company_tickers.json` (https://www.sec.gov/files/company_tickers.json). */
export const TICKERS_FILE = /^company_tickers\.json$/i;
/** The nightly bulk submissions zip (https://www.sec.gov/Archives/edgar/daily-index/bulkdata/submissions.zip). */
export const SUBMISSIONS_FILE = /^submissions\.zip$/i;
/** The nightly bulk XBRL company facts zip (https://www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip). */
export const FACTS_FILE = /^companyfacts\.zip$/i;
/** A filer's member of either zip: `CIK##########.json` (continuation files `-submissions-001.json` are not). */
export const CIK_MEMBER = /^(?:.*\/)?CIK(\d{10})\.json$/i;
