import { lazyParser } from '../../publishers/common/lazy';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { fromMdy, NO_READING, reading } from '../../sources/version-labels';
import { OPEN_PAYMENTS_PARSER_HEAD } from './head';
import type { PaymentRecord } from './parser';

/** The parser (./parser.ts), required on first use. */
export const openPaymentsParser = lazyParser<PaymentRecord>(
  OPEN_PAYMENTS_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).openPaymentsParser,
);

/**
 * The detail files of a program year's publication: `OP_DTL_GNRL_PGYR2023_P01302025.csv` (general
 * payments of program year 2023, published 01/30/2025), `OP_DTL_RSRCH_...`, `OP_DTL_OWNRSHP_...`.
 * Label `PY2023 P2025-01-30`; each publication (initial in June, refresh in January) replaces the
 * previous one of the same program year, so each (file type, program year) is its own snapshot
 * document (`open_payments_gnrl_2023:1`), for the program years whose files carry the recipient's
 * NPI (2021 on; earlier files name physicians by profile id only) up to OPEN_PAYMENTS_LAST_YEAR.
 */
const NAMED = /^OP_DTL_(GNRL|RSRCH|OWNRSHP)_PGYR(\d{4})_P(\d{8})\.csv$/i;

export function readOpenPaymentsVersion(f: FileContext): VersionReading {
  const m = NAMED.exec(f.name);
  if (!m) return NO_READING;
  const published = fromMdy(`${m[3]!.slice(0, 2)}-${m[3]!.slice(2, 4)}-${m[3]!.slice(4)}`);
  return reading('file_name', `PY${m[2]} P${published ?? m[3]}`);
}

export const OPEN_PAYMENTS_FIRST_YEAR = 2021;
export const OPEN_PAYMENTS_LAST_YEAR = 2030;
export const OPEN_PAYMENTS_KINDS = {
  GNRL: 'General payments',
  RSRCH: 'Research payments',
  OWNRSHP: 'Ownership and investment interests',
} as const;
const YEARS = Array.from(
  { length: OPEN_PAYMENTS_LAST_YEAR - OPEN_PAYMENTS_FIRST_YEAR + 1 },
  (_, i) => OPEN_PAYMENTS_FIRST_YEAR + i,
);

/** The document of a file type and program year. */
export const openPaymentsDocId = (kind: keyof typeof OPEN_PAYMENTS_KINDS, year: number) =>
  `open_payments_${kind.toLowerCase()}_${year}:1`;

export const OPEN_PAYMENTS_DOC_IDS: readonly string[] = YEARS.flatMap((y) =>
  (Object.keys(OPEN_PAYMENTS_KINDS) as (keyof typeof OPEN_PAYMENTS_KINDS)[]).map((k) => openPaymentsDocId(k, y)),
);

export const cmsOpenPayments: SourceDecl = {
  sourceId: 'cms_open_payments',
  title: 'Open Payments: general, research and ownership payments',
  publisher: 'Centers for Medicare & Medicaid Services (CMS), Open Payments',
  license: { name: 'US Government work (public domain)', url: 'https://openpaymentsdata.cms.gov/' },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.cms.gov/priorities/key-initiatives/open-payments/data/dataset-downloads',
      kind: 'listing',
      note: 'One ZIP per program year and publication holding the three detail CSVs (the general file is about 10 million rows a year).',
      follow: NAMED,
      followHosts: ['download.cms.gov'],
    },
  ],
  samples: 'shared/datasets/cms_open_payments/fixtures/manifest.json',
  docs: YEARS.flatMap((year) =>
    (Object.entries(OPEN_PAYMENTS_KINDS) as [keyof typeof OPEN_PAYMENTS_KINDS, string][]).map(([kind, title]) => ({
      docId: openPaymentsDocId(kind, year),
      title: `${title} detail, program year ${year}`,
      match: new RegExp(`^OP_DTL_${kind}_PGYR${year}_P\\d{8}\\.csv$`, 'i'),
      parser: () => openPaymentsParser,
    })),
  ),
  versionMethod: 'file_name',
  readVersion: readOpenPaymentsVersion,
};
