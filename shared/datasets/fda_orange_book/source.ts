import { lazyParser } from '../../publishers/common/lazy';
import type { ObRow, ObTable } from '../../rx/approvals-rows';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { obHead } from './head';

type Parsers = typeof import('./parser');
const load = () => require('./parser') as Parsers;

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const OB_PARSERS: Record<ObTable, ReturnType<typeof lazyParser<ObRow>>> = {
  products: lazyParser<ObRow>(obHead('products'), () => load().productsParser),
  patent: lazyParser<ObRow>(obHead('patent'), () => load().patentParser),
  exclusivity: lazyParser<ObRow>(obHead('exclusivity'), () => load().exclusivityParser),
};

/** Documents: the three members of the Orange Book data files zip. */
export const OB_DOCS: Record<ObTable, string> = { products: 'ob:1', patent: 'ob:2', exclusivity: 'ob:3' };

/**
 * FDA "Approved Drug Products with Therapeutic Equivalence Evaluations" (the Orange Book), its
 * data files: one zip (EOBZIP_<year>_<month>.zip) of products.txt (every approved product: RX, OTC
 * and discontinued, with TE code, RLD/RS flags and approval date), patent.txt (patents listed by NDA
 * holders, with expiry, substance/product flags, use code, delist request) and exclusivity.txt
 * (exclusivity codes and their end dates). Tilde-delimited with a header line. FDA publishes the
 * files monthly; no member names the release, so a version is in force from the day it was first
 * archived until the next (the patents of a release protect only while that release is in force).
 */
export const source: SourceDecl = {
  sourceId: 'fda_orange_book',
  title: 'FDA Orange Book data files (products, patents, exclusivity)',
  publisher: 'U.S. Food and Drug Administration (FDA)',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.fda.gov/drugs/drug-approvals-and-databases/orange-book-data-files',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.fda.gov/media/76860/download',
      kind: 'file',
      note: 'Orange Book data files zip (EOBZIP): products.txt, patent.txt, exclusivity.txt, tilde-delimited.',
    },
  ],
  docs: [
    {
      docId: OB_DOCS.products,
      title: 'Approved products (products.txt)',
      match: /^products\.txt$/i,
      parser: () => OB_PARSERS.products,
    },
    {
      docId: OB_DOCS.patent,
      title: 'Listed patents (patent.txt)',
      match: /^patent\.txt$/i,
      parser: () => OB_PARSERS.patent,
    },
    {
      docId: OB_DOCS.exclusivity,
      title: 'Exclusivities (exclusivity.txt)',
      match: /^exclusivity\.txt$/i,
      parser: () => OB_PARSERS.exclusivity,
    },
  ],
  samples: 'shared/datasets/fda_orange_book/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
