import { lazyParser } from '../../publishers/common/lazy';
import type { RxConceptRow, RxIngredientLinkRow, RxNdcRow } from '../../rx/rxnorm-rows';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { CONSO_HEAD, REL_HEAD, SAT_HEAD } from './head';

type Parsers = typeof import('./parser');
const load = () => require('./parser') as Parsers;

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const conceptsParser = lazyParser<RxConceptRow>(CONSO_HEAD, () => load().conceptsParser);
export const ndcsParser = lazyParser<RxNdcRow>(SAT_HEAD, () => load().ndcsParser);
export const linksParser = lazyParser<RxIngredientLinkRow>(REL_HEAD, () => load().linksParser);

/** Documents: the members of the release zip’s `rrf/` folder, by member name (1 RXNCONSO, 2 RXNSAT, 3 RXNREL). */
export const RXNORM_DOCS = { conso: 'rxnorm:1', sat: 'rxnorm:2', rel: 'rxnorm:3' } as const;

/** `RxNorm_full_prescribe_11032025.zip` (also the weekly `RxNorm_weekly_prescribe_...` is not this document). */
const RELEASE = /^RxNorm_full_prescribe_(\d{2})(\d{2})(\d{4})\.zip$/i;

/**
 * The release date names the version: it is printed only in the zip's name (the RRF members carry
 * none), so a member read outside its zip has no reading and is dated by its first observation.
 */
export function readRxnormVersion(f: FileContext): VersionReading {
  for (const name of [f.name, ...[...f.parents].reverse()]) {
    const m = RELEASE.exec(name);
    if (m) return reading('file_name', `${m[3]}-${m[1]}-${m[2]}`);
  }
  return NO_READING;
}

/**
 * RxNorm prescribable content (NLM, "RxNorm Technical Documentation" and the "RxNorm Files" page):
 * the monthly full release of the current prescribable subset, `RxNorm_full_prescribe_MMDDYYYY.zip`,
 * whose `rrf/` folder holds RXNCONSO.RRF (names), RXNSAT.RRF (attributes, NDCs among them) and
 * RXNREL.RRF (relationships), among others not read here. Unlike the full RxNorm release, the
 * prescribable subset needs no UMLS licence. Released on the first Monday of each month; a release
 * is in force from its date until the next.
 */
export const source: SourceDecl = {
  sourceId: 'nlm_rxnorm',
  title: 'RxNorm (prescribable content)',
  publisher: 'National Library of Medicine (NLM)',
  license: {
    name: 'RxNorm Current Prescribable Content: no UMLS licence required (NLM terms of use)',
    url: 'https://www.nlm.nih.gov/research/umls/rxnorm/docs/prescribe.html',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'monthly' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.nlm.nih.gov/research/umls/rxnorm/docs/rxnormfiles.html',
      kind: 'listing',
      note: 'Monthly release page; the prescribable full release is RxNorm_full_prescribe_MMDDYYYY.zip (download.nlm.nih.gov).',
      follow: /^RxNorm_full_prescribe_\d{8}\.zip$/i,
      followHosts: ['download.nlm.nih.gov'],
    },
  ],
  docs: [
    {
      docId: RXNORM_DOCS.conso,
      title: 'Concept names (RXNCONSO.RRF)',
      match: /^RXNCONSO\.RRF$/i,
      parser: () => conceptsParser,
    },
    {
      docId: RXNORM_DOCS.sat,
      title: 'Attributes, NDCs (RXNSAT.RRF)',
      match: /^RXNSAT\.RRF$/i,
      parser: () => ndcsParser,
    },
    { docId: RXNORM_DOCS.rel, title: 'Relationships (RXNREL.RRF)', match: /^RXNREL\.RRF$/i, parser: () => linksParser },
  ],
  samples: 'shared/datasets/nlm_rxnorm/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readRxnormVersion,
};
