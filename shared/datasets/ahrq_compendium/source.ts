import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import type { HealthSystemRow, HospitalLinkRow } from '../../systems/system-rows';
import { COMPENDIUM_LINKAGE_PARSER_HEAD, COMPENDIUM_SYSTEMS_PARSER_HEAD } from './head';
import { LINKAGE_FILE, releaseOf, SYSTEM_FILE } from './release';

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const compendiumSystemsParser = lazyParser<HealthSystemRow>(
  COMPENDIUM_SYSTEMS_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).compendiumSystemsParser,
);
export const compendiumLinkageParser = lazyParser<HospitalLinkRow>(
  COMPENDIUM_LINKAGE_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).compendiumLinkageParser,
);

/**
 * The label is the release the file name states (`2022 rev`); AHRQ dates neither the files nor
 * their contents, so a release is in force from the day it was first archived (an operator
 * backfilling an old release gives `--effective-from`, the day AHRQ published it) until the next.
 */
export function readCompendiumVersion(f: FileContext): VersionReading {
  const r = releaseOf(f.name);
  return r ? reading('file_name', r.label) : NO_READING;
}

const PAGE = 'https://www.ahrq.gov/chsp/data-resources/compendium';
const FILES = 'https://www.ahrq.gov/sites/default/files/wysiwyg/chsp/compendium';

/**
 * AHRQ Compendium of U.S. Health Systems (Comparative Health System Performance initiative): the
 * health systems of a year (a system file, one row per system) and every U.S. hospital with its
 * system, if any (the hospital linkage file, one row per hospital with its CCN). Releases so far:
 * 2016, 2018, 2020, 2021, 2022 and 2023, each on its own page, published one to two years after the
 * year they describe and revised in place (`-rev`). Judged annual.
 */
export const source: SourceDecl = {
  sourceId: 'ahrq_compendium',
  title: 'AHRQ Compendium of U.S. Health Systems (systems and hospital linkage)',
  publisher: 'Agency for Healthcare Research and Quality (AHRQ), Comparative Health System Performance initiative',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.ahrq.gov/policy/electronic/copyright/index.html',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: `${PAGE}.html`,
      kind: 'listing',
      note: 'The Compendium index page; each release has its own page (compendium-<year>.html), followed one level down.',
      via: /^compendium-\d{4}\.html$/i,
    },
    {
      url: `${PAGE}-2023.html`,
      kind: 'listing',
      note: 'The 2023 release page (system file, hospital linkage file).',
    },
    { url: `${FILES}/chsp-compendium-2023-rev.csv`, kind: 'file', note: '2023 system file, revised September 2025.' },
    { url: `${FILES}/chsp-hospital-linkage-2023.csv`, kind: 'file', note: '2023 hospital linkage file.' },
    { url: `${FILES}/chsp-compendium-2022-rev.csv`, kind: 'file', note: '2022 system file (revised).' },
    { url: `${FILES}/chsp-hospital-linkage-2022-rev.csv`, kind: 'file', note: '2022 hospital linkage file (revised).' },
  ],
  docs: [
    {
      docId: 'ahrq_compendium:1',
      title: 'Compendium system file (one row per health system)',
      match: SYSTEM_FILE,
      parser: () => compendiumSystemsParser,
    },
    {
      docId: 'ahrq_compendium:2',
      title: 'Compendium hospital linkage file (one row per hospital, its system if any)',
      match: LINKAGE_FILE,
      parser: () => compendiumLinkageParser,
    },
  ],
  samples: 'shared/datasets/ahrq_compendium/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readCompendiumVersion,
};
