import type { SpendingRecord } from '../../publishers/cms/spending-by-drug';
import { lazyParser } from '../../publishers/common/lazy';
import { readSpendingVersion } from '../../sources/cms-spending-version';
import type { SourceDecl } from '../../sources/types';
import { PARTD_SPENDING_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const partdSpendingParser = lazyParser<SpendingRecord>(
  PARTD_SPENDING_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).partdSpendingParser,
);

/**
 * Medicare Part D Spending by Drug (data.cms.gov, the Part D drug spending dashboard): one release a
 * year (`DSD_PTD_RY<yy>_…_DY<yy>_BGM.csv`), five data years per release, by brand name, generic
 * name and manufacturer with an `Overall` row per drug. Each release restates the earlier years.
 */
export const source: SourceDecl = {
  sourceId: 'cms_partd_spending_by_drug',
  title: 'Medicare Part D Spending by Drug',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://www.usa.gov/government-works' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/summary-statistics-on-use-and-payments/medicare-medicaid-spending-by-drug/medicare-part-d-spending-by-drug',
      kind: 'listing',
      note: 'Dataset page: the yearly release as one CSV (DSD_PTD_RY<yy>_P<nn>_V<nn>_DY<yy>_BGM.csv), with its data dictionary and methodology.',
      follow: /^DSD_PTD_RY\d{2}_.*\.csv$/i,
      followHosts: ['data.cms.gov'],
    },
  ],
  samples: 'shared/datasets/cms_partd_spending_by_drug/fixtures/manifest.json',
  docs: [
    {
      docId: 'partd_spending:1',
      title: 'Part D Spending by Drug (wide CSV, by brand, generic and manufacturer)',
      match: /^DSD_PTD_.*\.csv$/i,
      parser: () => partdSpendingParser,
    },
  ],
  versionMethod: 'file_name',
  readVersion: readSpendingVersion,
};
