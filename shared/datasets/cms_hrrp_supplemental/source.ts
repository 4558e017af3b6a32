import { lazyParser } from '../../publishers/common/lazy';
import type { PublisherParser } from '../../publishers/common/types';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import type { HrrpSupplementalRow } from '../../vbc/hrrp-rows';

const parsers = () => require('./parser') as typeof import('./parser');
/** The tab-delimited `.txt` rendering's parser (./parser.ts), required on first use. */
const txtParser = lazyParser<HrrpSupplementalRow>(
  { id: 'cms_hrrp_supplemental/fr-tab', version: '1' },
  () => parsers().supplementalTxtParser,
);
/** The comma-delimited `.csv` rendering's parser (FY 2022, FY 2025). */
const csvParser = lazyParser<HrrpSupplementalRow>(
  { id: 'cms_hrrp_supplemental/fr-csv', version: '1' },
  () => parsers().supplementalCsvParser,
);

/** The parser of a rendering of the results tab, by its extension. */
export function supplementalParser(fileName: string): PublisherParser<HrrpSupplementalRow> {
  return /\.csv$/i.test(fileName) ? csvParser : txtParser;
}

/**
 * CMS's IPPS final-rule HRRP supplemental data file, one zip per fiscal year
 * (`fy-2024-ipps-final-rule-hospital-readmissions-reduction-program-supplemental-data-file.zip`)
 * holding the workbook and a 508-compliant rendering of its results tab
 * (`508 version of FY2024_Final_Rule_Supplemental_File Variations FR FY 2024 tab .txt`,
 * `508-Version-FR-FY-2025.csv`, `FR FY 2026.txt`): the document is that rendering, named by its
 * `FR FY <year>` part. Its fiscal year is the label and the payment window (1 October to 30 September).
 */
const RESULTS = /FR[ _-]?FY[ _-]?(\d{4})\b.*\.(txt|csv)$/i;

export function readSupplementalVersion(f: FileContext): VersionReading {
  const m = RESULTS.exec(f.name);
  if (!m) return NO_READING;
  const fy = Number(m[1]);
  return reading('file_name', `FY ${fy}`, { from: `${fy - 1}-10-01`, to: `${fy}-09-30` });
}

export const source: SourceDecl = {
  sourceId: 'cms_hrrp_supplemental',
  title: 'IPPS Hospital Readmissions Reduction Program supplemental data file',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.cms.gov/medicare/payment/prospective-payment-systems/acute-inpatient-pps/hospital-readmissions-reduction-program-hrrp',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'annual' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.cms.gov/files/zip/fy-2024-ipps-final-rule-hospital-readmissions-reduction-program-supplemental-data-file.zip',
      kind: 'file',
      note: 'FY 2024 final rule: workbook and the 508 text rendering of the FR FY 2024 tab.',
    },
    {
      url: 'https://www.cms.gov/medicare/payment/prospective-payment-systems/acute-inpatient-pps/archived-supplemental-data-files',
      kind: 'listing',
      note: 'One page per fiscal year, each linking that year final-rule HRRP supplemental zip.',
      via: /^fy-?\d{4}-ipps-final-rule-hospital-readmissions-reduction-program-supplemental-data-file$/i,
      follow: /^fy-?\d{4}-ipps-final-rule-hospital-readmissions-reduction-program-supplemental-data-file\.zip$/i,
    },
  ],
  docs: [
    {
      docId: 'hrrpsupp:1',
      title: 'HRRP supplemental file, results tab (payment adjustment factor per hospital)',
      match: RESULTS,
      parser: (name) => supplementalParser(name),
    },
  ],
  samples: 'shared/datasets/cms_hrrp_supplemental/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readSupplementalVersion,
};
