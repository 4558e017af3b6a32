import { lazyParser } from '../../publishers/common/lazy';
import type { DirectoryFile, NdcPackageRow, NdcProductRow } from '../../rx/ndc-directory-rows';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { packageHead, productHead } from './head';

type Parsers = typeof import('./parser');
const load = () => require('./parser') as Parsers;

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const PRODUCT_PARSERS: Record<DirectoryFile, ReturnType<typeof lazyParser<NdcProductRow>>> = {
  finished: lazyParser<NdcProductRow>(productHead('finished'), () => load().finishedProductParser),
  unfinished: lazyParser<NdcProductRow>(productHead('unfinished'), () => load().unfinishedProductParser),
  excluded: lazyParser<NdcProductRow>(productHead('excluded'), () => load().excludedProductParser),
};
export const PACKAGE_PARSERS: Record<DirectoryFile, ReturnType<typeof lazyParser<NdcPackageRow>>> = {
  finished: lazyParser<NdcPackageRow>(packageHead('finished'), () => load().finishedPackageParser),
  unfinished: lazyParser<NdcPackageRow>(packageHead('unfinished'), () => load().unfinishedPackageParser),
  excluded: lazyParser<NdcPackageRow>(packageHead('excluded'), () => load().excludedPackageParser),
};

/** Documents: the members of FDA's three zips, by member name (the `.xls` twins are the same tab text and are left as files). */
export const DIRECTORY_DOCS = {
  finishedProduct: 'ndc:1',
  finishedPackage: 'ndc:2',
  unfinishedProduct: 'ndc:3',
  unfinishedPackage: 'ndc:4',
  excludedProduct: 'ndc:5',
  excludedPackage: 'ndc:6',
} as const;

/**
 * FDA National Drug Code Directory (FDA, "National Drug Code Directory" download page): the
 * finished drugs in ndctext.zip (product.txt, package.txt), the unfinished drugs in
 * ndc_unfinished.zip (unfinished_product.txt, unfinished_package.txt) and the products FDA took
 * out of the directory in ndc_excluded.zip (Products_excluded.txt, Packages_excluded.txt), all
 * tab-delimited with a header line (field definitions: FDA's "NDC Product File Definitions" and
 * "NDC Package File Definitions"). Updated daily; no file names a release, so a version is in
 * force from the day it was first archived until the next.
 */
export const source: SourceDecl = {
  sourceId: 'fda_ndc_directory',
  title: 'FDA National Drug Code Directory',
  publisher: 'U.S. Food and Drug Administration (FDA)',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.fda.gov/drugs/drug-approvals-and-databases/national-drug-code-directory',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'daily' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.accessdata.fda.gov/cder/ndctext.zip',
      kind: 'file',
      note: 'Finished drugs: product.txt and package.txt (and .xls twins of the same tab text).',
    },
    {
      url: 'https://www.accessdata.fda.gov/cder/ndc_unfinished.zip',
      kind: 'file',
      note: 'Unfinished drugs: unfinished_product.txt and unfinished_package.txt (and .xls twins).',
    },
    {
      url: 'https://www.accessdata.fda.gov/cder/ndc_excluded.zip',
      kind: 'file',
      note: 'Excluded products and packages: Products_excluded.txt and Packages_excluded.txt (NDC_EXCLUDE_FLAG says why).',
    },
  ],
  docs: [
    {
      docId: DIRECTORY_DOCS.finishedProduct,
      title: 'Finished drug products (product.txt)',
      match: /^product\.txt$/i,
      parser: () => PRODUCT_PARSERS.finished,
    },
    {
      docId: DIRECTORY_DOCS.finishedPackage,
      title: 'Finished drug packages (package.txt)',
      match: /^package\.txt$/i,
      parser: () => PACKAGE_PARSERS.finished,
    },
    {
      docId: DIRECTORY_DOCS.unfinishedProduct,
      title: 'Unfinished drug products (unfinished_product.txt)',
      match: /^unfinished_product\.txt$/i,
      parser: () => PRODUCT_PARSERS.unfinished,
    },
    {
      docId: DIRECTORY_DOCS.unfinishedPackage,
      title: 'Unfinished drug packages (unfinished_package.txt)',
      match: /^unfinished_package\.txt$/i,
      parser: () => PACKAGE_PARSERS.unfinished,
    },
    {
      docId: DIRECTORY_DOCS.excludedProduct,
      title: 'Excluded products (Products_excluded.txt)',
      match: /^products_excluded\.txt$/i,
      parser: () => PRODUCT_PARSERS.excluded,
    },
    {
      docId: DIRECTORY_DOCS.excludedPackage,
      title: 'Excluded packages (Packages_excluded.txt)',
      match: /^packages_excluded\.txt$/i,
      parser: () => PACKAGE_PARSERS.excluded,
    },
  ],
  samples: 'shared/datasets/fda_ndc_directory/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
