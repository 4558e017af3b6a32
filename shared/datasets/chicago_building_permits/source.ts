import { lazyParser } from '../../publishers/common/lazy';
import type { SignalRow } from '../../signals/signal-rows';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { CHICAGO_PERMITS_PARSER_HEAD } from './head';

/** The parser (./parser.ts), required on first use (its head is ./head.ts). */
export const chicagoPermitsParser = lazyParser<SignalRow>(
  CHICAGO_PERMITS_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).chicagoPermitsParser,
);

/** The set manifest a complete SODA walk is archived as (shared/archive/fetch/json-set.ts). */
export const PERMITS_SET = /^chicago-permits-pages\.json$/i;

/**
 * The SoQL pre-filter of the request: permits issued from 2015 on whose work description names a
 * hospital, medical work, clinic, surgery, dialysis, nursing, health, patients or an MRI, or whose
 * first contact (usually the owner) names a hospital, medical, health or clinic. The
 * parser applies the whole health rule (rules.ts) on what comes back.
 */
const DESCRIPTION_WORDS = ['HOSPITAL', 'MEDICAL', 'CLINIC', 'SURG', 'DIALYSIS', 'NURSING', 'HEALTH', 'PATIENT', 'MRI'];
const OWNER_WORDS = ['HOSPITAL', 'MEDICAL', 'HEALTH', 'CLINIC'];
const WHERE = [
  "issue_date >= '2015-01-01T00:00:00'",
  `(${[
    ...DESCRIPTION_WORDS.map((w) => `upper(work_description) like '%${w}%'`),
    ...OWNER_WORDS.map((w) => `upper(contact_1_name) like '%${w}%'`),
  ].join(' OR ')})`,
].join(' AND ');

/**
 * City of Chicago building permits (Department of Buildings) through the Chicago Data Portal's
 * Socrata SODA API: resource ydr8-5enu, walked with `$limit`/`$offset` ordered by `:id`, the
 * pre-filter above in `$where`. The portal updates the dataset daily; it is fetched weekly. The
 * API names no release: a complete walk is in force from the day it was archived until the next.
 */
export const source: SourceDecl = {
  sourceId: 'chicago_building_permits',
  title: 'City of Chicago building permits (Socrata SODA, health facilities)',
  publisher: 'City of Chicago, Department of Buildings (Chicago Data Portal)',
  license: {
    name: 'City of Chicago Data Portal terms of use',
    url: 'https://www.chicago.gov/city/en/narr/foia/data_disclaimer.html',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'weekly' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: `https://data.cityofchicago.org/resource/ydr8-5enu.json?$where=${encodeURIComponent(WHERE)}`,
      kind: 'json_api',
      endpoint: 'chicago-permits',
      note: 'Building permits naming a health facility, 50,000 rows a page (the SODA 2.0 maximum).',
      paging: { strategy: 'offset', limit: 50000, order: ':id', appToken: true },
    },
  ],
  docs: [
    {
      docId: 'chicago_permits:1',
      title: 'Chicago building permits: a complete SODA walk (set manifest and its pages)',
      match: PERMITS_SET,
      parser: () => chicagoPermitsParser,
    },
  ],
  samples: 'shared/datasets/chicago_building_permits/fixtures/manifest.json',
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
