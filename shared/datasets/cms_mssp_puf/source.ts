import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import type { MsspRow } from '../../vbc/mssp-rows';
import { CROSSWALK_FILE, crosswalkParser } from './crosswalk';
import { performanceYearOf } from './year';

/** The parser of one results file (./parser.ts, required on first use); its year comes from the name. */
export const msspParser = (name: string) =>
  lazyParser<MsspRow>({ id: 'cms_mssp_puf/results-csv', version: '1' }, () =>
    (require('./parser') as typeof import('./parser')).msspParser(name),
  );

/**
 * CMS's Shared Savings Program performance-year financial and quality results PUF, one CSV per
 * performance year: the old data.cms.gov (Socrata) exports
 * (`Medicare_Shared_Savings_Program_Accountable_Care_Organizations_Performance_Year_2014_Results.csv`)
 * and the current data.cms.gov downloads (`PY2022_Shared_Savings_Program_Performance_Year_Financial_and_Quality_Results.csv`).
 * The performance year in the name is the version label. Each year's file adds that year's
 * results, so the document is a supplement: every year released by a date answers for it.
 * A second document is CMS's ACO ID Crosswalk (encrypted ACO number of the pre-July-2019 PUFs to
 * ACO ID): published once, a supplement like the years (the name carries no date or version).
 */
const RESULTS =
  /(Performance[_ ]Year[_ ]\d{4}[_ ]Results|(^|[^A-Za-z])PY[_ -]?\d{4}.*Financial.*Quality.*Results).*\.csv$/i;

export function readMsspVersion(f: FileContext): VersionReading {
  if (!RESULTS.test(f.name)) return NO_READING;
  const py = performanceYearOf(f.name);
  return py === null ? NO_READING : reading('file_name', `PY ${py}`);
}

export const source: SourceDecl = {
  sourceId: 'cms_mssp_puf',
  title: 'Medicare Shared Savings Program ACO performance-year financial and quality results',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://data.cms.gov/medicare-shared-savings-program/performance-year-financial-and-quality-results',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/medicare-shared-savings-program/performance-year-financial-and-quality-results',
      kind: 'listing',
      note: 'data.cms.gov dataset page: one CSV download per performance year (PY2013 on).',
      follow: RESULTS,
    },
    {
      url: 'https://data.cms.gov/api/views/ucce-hhpu/rows.csv',
      kind: 'file',
      note: 'The PY2014 results as the old data.cms.gov (Socrata) export.',
    },
    {
      url: 'https://www.cms.gov/medicare/payment/fee-for-service-providers/shared-savings-program-ssp-acos/data',
      kind: 'listing',
      note: 'Shared Savings Program data page: the ACO ID Crosswalk (encrypted ACO number of the files before July 2019 to ACO ID).',
      follow: CROSSWALK_FILE,
    },
  ],
  docs: [
    {
      docId: 'mssp:1',
      title: 'MSSP ACO results of one performance year (one row per ACO)',
      match: RESULTS,
      parser: (name) => msspParser(name),
    },
    {
      docId: 'mssp:2',
      title: 'ACO ID Crosswalk: encrypted ACO number (ACO_NUM) to ACO ID',
      match: CROSSWALK_FILE,
      parser: () => crosswalkParser,
      readVersion: () => NO_READING,
    },
  ],
  samples: 'shared/datasets/cms_mssp_puf/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readMsspVersion,
};
