import { lazyParser } from '../../publishers/common/lazy';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import type { TrialStudyRow } from '../../trials/study-rows';

/** The set manifest a complete walk of GET /studies is archived as (shared/archive/fetch/json-set.ts). */
export const STUDIES_SET = /^ctgov-studies-pages\.json$/i;

/**
 * ClinicalTrials.gov (NLM) through its data API v2 (https://clinicaltrials.gov/data-api/api):
 * GET /api/v2/studies walked page by page with `pageToken` (a `pagetoken` JSON API source), 1,000
 * studies a page, each page archived with its request; the complete walk's manifest
 * `ctgov-studies-pages.json` is the version. The API names no release in its pages, so a version
 * resolves by first observation (a set archived on a day is in force from that day until the next).
 * The registry is updated each weekday: the cadence is daily.
 */
/** The studies set's parser (./parser.ts), required on first use (shared/publishers/common/lazy.ts). */
export const ctgovSetParser = lazyParser<TrialStudyRow>(
  { id: 'nlm_ctgov/studies-set', version: '1' },
  () => (require('./parser') as typeof import('./parser')).ctgovSetParser,
);

export const source: SourceDecl = {
  sourceId: 'nlm_ctgov',
  title: 'ClinicalTrials.gov studies (API v2)',
  publisher: 'National Library of Medicine (NLM), National Institutes of Health',
  license: {
    name: 'US Government work; ClinicalTrials.gov terms and conditions apply',
    url: 'https://clinicaltrials.gov/about-site/terms-conditions',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'daily' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://clinicaltrials.gov/api/v2/studies?format=json',
      kind: 'json_api',
      endpoint: 'ctgov-studies',
      note: 'Every study, 1,000 a page; the full set (about 560,000 studies) takes several runs, each resuming at its saved page token.',
      paging: { strategy: 'pagetoken', pageSize: 1000, itemsPath: ['studies'] },
    },
  ],
  docs: [
    {
      docId: 'ctgov:1',
      title: 'ClinicalTrials.gov studies: a complete walk of GET /studies (set manifest and its pages)',
      match: STUDIES_SET,
      parser: () => ctgovSetParser,
    },
  ],
  samples: 'shared/datasets/nlm_ctgov/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
