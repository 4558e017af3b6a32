import type { SecCompanyRow, SecFactsRow } from '../../companies/company-rows';
import { lazyParser } from '../../publishers/common/lazy';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { FACTS_FILE, FACTS_HEAD, SUBMISSIONS_FILE, SUBMISSIONS_HEAD, TICKERS_FILE, TICKERS_HEAD } from './head';

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const tickersParser = lazyParser<SecCompanyRow>(
  TICKERS_HEAD,
  () => (require('./parser') as typeof import('./parser')).tickersParser,
);
export const submissionsParser = lazyParser<SecCompanyRow>(
  SUBMISSIONS_HEAD,
  () => (require('./parser') as typeof import('./parser')).submissionsParser,
);
export const factsParser = lazyParser<SecFactsRow>(
  FACTS_HEAD,
  () => (require('./parser') as typeof import('./parser')).factsParser,
);

/**
 * SEC EDGAR (https://www.sec.gov/search-filings/edgar-application-programming-interfaces): the
 * ticker file, and the nightly bulk zips of the submissions and XBRL company facts APIs. The files
 * name no date: a version is in force from the day it was archived (the nightly rebuild replaces it).
 */
export const source: SourceDecl = {
  sourceId: 'sec_edgar',
  title: 'SEC EDGAR: company tickers, submissions and XBRL company facts',
  publisher: 'U.S. Securities and Exchange Commission (SEC)',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.sec.gov/privacy#dissemination',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'daily' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.sec.gov/files/company_tickers.json',
      kind: 'file',
      note: 'Ticker, CIK and title of every company with a listed ticker.',
    },
    {
      url: 'https://www.sec.gov/Archives/edgar/daily-index/bulkdata/submissions.zip',
      kind: 'file',
      note: 'Submissions API in bulk: one CIK##########.json per filer (profile, SIC, recent filings with their 8-K items), rebuilt nightly.',
    },
    {
      url: 'https://www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip',
      kind: 'file',
      note: 'XBRL company facts API in bulk: one CIK##########.json per filer, rebuilt nightly.',
    },
  ],
  docs: [
    {
      docId: 'sec:1',
      title: 'company_tickers.json: ticker, CIK and title',
      match: TICKERS_FILE,
      parser: () => tickersParser,
    },
    {
      docId: 'sec:2',
      title: 'submissions.zip: filer profiles and recent filings (healthcare SIC codes kept)',
      match: SUBMISSIONS_FILE,
      parser: () => submissionsParser,
      keepZipWhole: true,
    },
    {
      docId: 'sec:3',
      title: 'companyfacts.zip: XBRL financial facts per filer (the concepts of the financial measures kept)',
      match: FACTS_FILE,
      parser: () => factsParser,
      keepZipWhole: true,
    },
  ],
  samples: 'shared/datasets/sec_edgar/fixtures/manifest.json',
  /**
   * submissions.zip holds one CIK##########.json per filer (about 900,000 in 2026, growing); companyfacts.zip ~19,000.
   * Both are kept whole (keepZipWhole above): each nightly zip is one file and one version, its members
   * verified at ingest and streamed by the parsers from the archived zip, never stored one by one.
   */
  maxZipMembers: 2_000_000,
  /** SEC fair access (https://www.sec.gov/os/accessing-edgar-data): every request declares a contact. */
  userAgentContact: 'required',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
