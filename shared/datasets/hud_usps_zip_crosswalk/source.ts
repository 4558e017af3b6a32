import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { ZIP_CROSSWALK_PARSER_HEAD, type ZipCrosswalkRecord } from './head';

/** The parser (./parser.ts), required on first use. */
export const zipCrosswalkParser = lazyParser<ZipCrosswalkRecord>(
  ZIP_CROSSWALK_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).zipCrosswalkParser,
);

/**
 * HUD USPS ZIP Code crosswalk files, one pair per quarter: `ZIP_COUNTY_122023.xlsx` and
 * `ZIP_CBSA_122023.xlsx`, named by the quarter's last month and year (MMYYYY). That month is the
 * version label; the files apply from its first day until the next quarter's files.
 */
const NAMED = /^ZIP_(COUNTY|CBSA)_(0[1-9]|1[0-2])(\d{4})\.xlsx$/i;

export function readZipCrosswalkVersion(f: FileContext): VersionReading {
  const m = NAMED.exec(f.name);
  if (!m) return NO_READING;
  return reading('file_name', `${m[3]}-${m[2]}`, { from: `${m[3]}-${m[2]}-01`, to: null });
}

export const hudUspsZipCrosswalk: SourceDecl = {
  sourceId: 'hud_usps_zip_crosswalk',
  title: 'HUD USPS ZIP Code Crosswalk Files (ZIP to county, ZIP to CBSA)',
  publisher: 'U.S. Department of Housing and Urban Development (HUD), Office of Policy Development and Research',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.huduser.gov/portal/datasets/usps_crosswalk.html',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.huduser.gov/portal/datasets/usps_crosswalk.html',
      kind: 'listing',
      note: 'Quarterly XLSX downloads (ZIP_COUNTY_MMYYYY.xlsx, ZIP_CBSA_MMYYYY.xlsx); other crosswalk types are not read.',
      follow: NAMED,
    },
  ],
  samples: 'shared/datasets/hud_usps_zip_crosswalk/fixtures/manifest.json',
  docs: [
    {
      docId: 'hud_zip:1',
      title: 'ZIP to county crosswalk',
      match: /^ZIP_COUNTY_\d{6}\.xlsx$/i,
      parser: () => zipCrosswalkParser,
    },
    {
      docId: 'hud_zip:2',
      title: 'ZIP to CBSA crosswalk',
      match: /^ZIP_CBSA_\d{6}\.xlsx$/i,
      parser: () => zipCrosswalkParser,
    },
  ],
  versionMethod: 'file_name',
  readVersion: readZipCrosswalkVersion,
};
