import { lazyParser } from '../../publishers/common/lazy';
import type { DafRow, DafTable } from '../../rx/approvals-rows';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { dafHead } from './head';

type Parsers = typeof import('./parser');
const load = () => require('./parser') as Parsers;

const lazy = (t: DafTable, pick: (p: Parsers) => Parsers[keyof Parsers]) =>
  lazyParser<DafRow>(dafHead(t), () => pick(load()));

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const DAF_PARSERS: Record<DafTable, ReturnType<typeof lazyParser<DafRow>>> = {
  applications: lazy('applications', (p) => p.applicationsParser),
  products: lazy('products', (p) => p.productsParser),
  submissions: lazy('submissions', (p) => p.submissionsParser),
  marketing_status: lazy('marketing_status', (p) => p.marketingStatusParser),
  marketing_status_lookup: lazy('marketing_status_lookup', (p) => p.marketingStatusLookupParser),
  te: lazy('te', (p) => p.teParser),
};

/** Documents: the members of drugsatfda<yyyymmdd>.zip that the reads use, by member name. */
export const DAF_DOCS: Record<DafTable, string> = {
  applications: 'daf:1',
  products: 'daf:2',
  submissions: 'daf:3',
  marketing_status: 'daf:4',
  marketing_status_lookup: 'daf:5',
  te: 'daf:6',
};
const FILE: Record<DafTable, string> = {
  applications: 'Applications.txt',
  products: 'Products.txt',
  submissions: 'Submissions.txt',
  marketing_status: 'MarketingStatus.txt',
  marketing_status_lookup: 'MarketingStatus_Lookup.txt',
  te: 'TE.txt',
};
const TITLE: Record<DafTable, string> = {
  applications: 'Applications: type and sponsor',
  products: 'Products: form, strength, drug name, active ingredient',
  submissions: 'Submissions: type, number, status (AP approved, TA tentative approval) and date',
  marketing_status: 'Marketing status of each product',
  marketing_status_lookup: 'Marketing status codes',
  te: 'Therapeutic equivalence codes of each product',
};
const TABLES = Object.keys(FILE) as DafTable[];

/**
 * FDA Drugs@FDA data files: one zip (drugsatfda<yyyymmdd>.zip, updated weekly) of tab-delimited
 * tables linked by ApplNo (and ProductNo): Applications, Products, Submissions, MarketingStatus
 * (with its lookup), TE, and tables the reads do not use yet (ApplicationDocs, the action-type,
 * submission-class and document-type lookups, SubmissionPropertyType), archived as files. No member
 * names the release, so a version is in force from the day it was first archived until the next.
 */
export const source: SourceDecl = {
  sourceId: 'fda_drugsatfda',
  title: 'FDA Drugs@FDA data files',
  publisher: 'U.S. Food and Drug Administration (FDA)',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.fda.gov/drugs/drug-approvals-and-databases/drugsfda-data-files',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'weekly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.fda.gov/media/89850/download',
      kind: 'file',
      note: 'Drugs@FDA data files zip: Applications, Products, Submissions, MarketingStatus, TE and lookup tables (tab-delimited).',
    },
  ],
  docs: TABLES.map((t) => ({
    docId: DAF_DOCS[t],
    title: `${TITLE[t]} (${FILE[t]})`,
    match: new RegExp(`^${FILE[t].replace('.', '\\.')}$`, 'i'),
    parser: () => DAF_PARSERS[t],
  })),
  samples: 'shared/datasets/fda_drugsatfda/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
