import type { SpendingRecord } from '../../publishers/cms/spending-by-drug';
import { lazyParser } from '../../publishers/common/lazy';
import { readSpendingVersion } from '../../sources/cms-spending-version';
import type { SourceDecl } from '../../sources/types';
import { MEDICAID_SPENDING_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const medicaidSpendingParser = lazyParser<SpendingRecord>(
  MEDICAID_SPENDING_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).medicaidSpendingParser,
);

/**
 * Medicaid Spending by Drug (data.cms.gov, the Medicaid drug spending dashboard, from State Drug
 * Utilization Data): one release a year (`DSD_MCD_RY<yy>_P<nn>_V<nn>_DY<yy>_BGM.csv`, the name
 * pattern assumed from the Medicare files: not verified), five data years per release, by brand
 * name, generic name and manufacturer with an `Overall` row per drug, no beneficiary counts. Each
 * release restates the earlier years.
 */
export const source: SourceDecl = {
  sourceId: 'cms_medicaid_spending_by_drug',
  title: 'Medicaid Spending by Drug',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: { name: 'US Government work (public domain)', url: 'https://www.usa.gov/government-works' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/summary-statistics-on-use-and-payments/medicare-medicaid-spending-by-drug/medicaid-spending-by-drug',
      kind: 'listing',
      note: 'Dataset page: the yearly release as one CSV (DSD_MCD_RY<yy>_P<nn>_V<nn>_DY<yy>_BGM.csv), with its data dictionary and methodology.',
      follow: /^DSD_MCD_RY\d{2}_.*\.csv$/i,
      followHosts: ['data.cms.gov'],
    },
  ],
  samples: 'shared/datasets/cms_medicaid_spending_by_drug/fixtures/manifest.json',
  docs: [
    {
      docId: 'medicaid_spending:1',
      title: 'Medicaid Spending by Drug (wide CSV, by brand, generic and manufacturer)',
      match: /^DSD_MCD_.*\.csv$/i,
      parser: () => medicaidSpendingParser,
    },
  ],
  versionMethod: 'file_name',
  readVersion: readSpendingVersion,
};
