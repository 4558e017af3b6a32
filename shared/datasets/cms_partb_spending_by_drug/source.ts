import type { SpendingRecord } from '../../publishers/cms/spending-by-drug';
import { lazyParser } from '../../publishers/common/lazy';
import { readSpendingVersion } from '../../sources/cms-spending-version';
import type { SourceDecl } from '../../sources/types';
import { PARTB_SPENDING_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const partbSpendingParser = lazyParser<SpendingRecord>(
  PARTB_SPENDING_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).partbSpendingParser,
);

/**
 * Medicare Part B Spending by Drug (data.cms.gov, the Part B drug spending dashboard): one release a
 * year (`DSD_PTB_RY<yy>_P<nn>_V<nn>_DYT<yy>_HCPCS.csv`), five data years per release, by HCPCS code
 * (with its description), brand and generic name and manufacturer, an `Overall` row per drug. Each
 * release restates the earlier years.
 */
export const source: SourceDecl = {
  sourceId: 'cms_partb_spending_by_drug',
  title: 'Medicare Part B Spending by Drug',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://www.usa.gov/government-works' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/summary-statistics-on-use-and-payments/medicare-medicaid-spending-by-drug/medicare-part-b-spending-by-drug',
      kind: 'listing',
      note: 'Dataset page: the yearly release as one CSV (DSD_PTB_RY<yy>_P<nn>_V<nn>_DYT<yy>_HCPCS.csv), with its data dictionary and methodology.',
      follow: /^DSD_PTB_RY\d{2}_.*\.csv$/i,
      followHosts: ['data.cms.gov'],
    },
  ],
  samples: 'shared/datasets/cms_partb_spending_by_drug/fixtures/manifest.json',
  docs: [
    {
      docId: 'partb_spending:1',
      title: 'Part B Spending by Drug (wide CSV, by HCPCS code, brand, generic and manufacturer)',
      match: /^DSD_PTB_.*\.csv$/i,
      parser: () => partbSpendingParser,
    },
  ],
  versionMethod: 'file_name',
  readVersion: readSpendingVersion,
};
