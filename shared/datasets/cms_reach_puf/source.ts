import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import type { ReachProviderRow, ReachResultRow } from '../../vbc/reach-rows';
import { performanceYearOf } from './year';

const parsers = () => require('./parser') as typeof import('./parser');
/** The results file's parser (./parser.ts, required on first use); its year comes from the name. */
export const reachResultsParser = (name: string) =>
  lazyParser<ReachResultRow>({ id: 'cms_reach_puf/results-csv', version: '1' }, () =>
    parsers().reachResultsParser(name),
  );
/** The provider list's parser (./parser.ts, required on first use); its year comes from the name. */
export const reachProvidersParser = (name: string) =>
  lazyParser<ReachProviderRow>({ id: 'cms_reach_puf/providers-csv', version: '1' }, () =>
    parsers().reachProvidersParser(name),
  );

/**
 * CMS's ACO REACH public use files on data.cms.gov (CMS Innovation Center programs, accountable
 * care models): the Financial and Quality Results PUF (formerly GPDC, one CSV per performance
 * year, PY2021 on) and the participant and preferred provider list (one CSV per performance
 * year). The performance year in the name is the version label. Each year's file adds that year,
 * so both documents are supplements: every year released by a date answers for it, and a
 * republished year replaces the earlier file of that year.
 */
export const RESULTS = /(ACO[_ ]REACH|GPDC).*Financial.*Quality.*Results.*PY[_ -]?\d{4}.*\.csv$/i;
export const PROVIDERS = /(ACO[_ ]REACH|GPDC).*(Participant|Preferred).*Provider.*PY[_ -]?\d{4}.*\.csv$/i;

export function readReachVersion(f: FileContext): VersionReading {
  if (!RESULTS.test(f.name) && !PROVIDERS.test(f.name)) return NO_READING;
  const py = performanceYearOf(f.name);
  return py === null ? NO_READING : reading('file_name', `PY ${py}`);
}

export const source: SourceDecl = {
  sourceId: 'cms_reach_puf',
  title: 'ACO REACH (formerly GPDC) financial and quality results and participant provider lists',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://data.cms.gov/cms-innovation-center-programs/accountable-care-models/aco-reach-financial-and-quality-results',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/cms-innovation-center-programs/accountable-care-models/aco-reach-financial-and-quality-results',
      kind: 'listing',
      note: 'data.cms.gov dataset page: one CSV per performance year (GPDC PY2021-PY2022, ACO REACH PY2023 on).',
      follow: RESULTS,
    },
    {
      url: 'https://www.cms.gov/priorities/innovation/innovation-models/aco-reach',
      kind: 'listing',
      note: 'ACO REACH model page: the participant and preferred provider list of each performance year.',
      follow: PROVIDERS,
    },
  ],
  docs: [
    {
      docId: 'reach:1',
      title: 'ACO REACH financial and quality results of one performance year (one row per entity)',
      match: RESULTS,
      parser: (name) => reachResultsParser(name),
    },
    {
      docId: 'reach:2',
      title: 'ACO REACH participant and preferred providers of one performance year (one row per provider)',
      match: PROVIDERS,
      parser: (name) => reachProvidersParser(name),
    },
  ],
  samples: 'shared/datasets/cms_reach_puf/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readReachVersion,
};
