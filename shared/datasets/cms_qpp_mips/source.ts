import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { MIPS_PARSER_HEAD } from './head';
import type { MipsRecord } from './parser';

/** The parser (./parser.ts), required on first use. */
export const mipsParser = lazyParser<MipsRecord>(
  MIPS_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).mipsParser,
);

/**
 * The performance year in the file name: the Provider Data Catalog serves the Doctors and
 * Clinicians "Overall MIPS Performance" file as `ec_score_file.csv` inside a download named for the
 * year (archived here as `PY2023_ec_score_file.csv`), data.cms.gov the QPP Experience file as
 * `<year>_QPP_Experience_PUF.csv`-style names. A name without a year resolves by first observation.
 */
const NAMED = /(?:^|[^0-9])(?:PY_?)?(20\d{2})(?=[^0-9])/i;
const EC_SCORE = /ec_score_file[^/]*\.csv$/i;
const EXPERIENCE = /qpp[_ -]?experience[^/]*\.csv$/i;

export function readMipsVersion(f: FileContext): VersionReading {
  const m = NAMED.exec(f.name);
  return m ? reading('file_name', `PY ${m[1]}`) : NO_READING;
}

export const cmsQppMips: SourceDecl = {
  sourceId: 'cms_qpp_mips',
  title: 'MIPS performance: clinician final and category scores',
  publisher: 'Centers for Medicare & Medicaid Services (CMS), Quality Payment Program',
  license: { name: 'US Government work (public domain)', url: 'https://data.cms.gov/provider-data/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://data.cms.gov/provider-data/topics/doctors-clinicians',
      kind: 'listing',
      note: 'Doctors and Clinicians: "PY <year> Clinician Public Reporting: Overall MIPS Performance" (ec_score_file.csv), one file per performance year.',
      follow: EC_SCORE,
      followHosts: ['data.cms.gov'],
    },
    {
      url: 'https://data.cms.gov/quality-of-care/quality-payment-program-experience',
      kind: 'listing',
      note: 'QPP Experience public use file (practice state, specialty, Medicare patients), one file per performance year.',
      follow: EXPERIENCE,
      followHosts: ['data.cms.gov'],
    },
  ],
  samples: 'shared/datasets/cms_qpp_mips/fixtures/manifest.json',
  docs: [
    {
      docId: 'mips_scores:1',
      title: 'Doctors and Clinicians: Overall MIPS Performance (ec_score_file.csv)',
      match: EC_SCORE,
      parser: () => mipsParser,
    },
    {
      docId: 'mips_experience:1',
      title: 'Quality Payment Program Experience public use file',
      match: EXPERIENCE,
      parser: () => mipsParser,
    },
  ],
  versionMethod: 'file_name',
  readVersion: readMipsVersion,
};
