import { lazyParser } from '../../publishers/common/lazy';
import type { AspCrosswalkRow, AspLimitRow } from '../../rx/asp-rows';
import type { FileContext, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, reading } from '../../sources/version-labels';
import { CROSSWALK_PARSER_HEAD, LIMITS_PARSER_HEAD } from './head';
import { windowInName, windowInText } from './window';

type Parsers = typeof import('./parser');
const load = () => require('./parser') as Parsers;

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const aspLimitsParser = lazyParser<AspLimitRow>(LIMITS_PARSER_HEAD, () => load().aspLimitsParser);
export const aspCrosswalkParser = lazyParser<AspCrosswalkRow>(CROSSWALK_PARSER_HEAD, () => load().aspCrosswalkParser);

export const ASP_DOCS = { limits: 'asp:1', crosswalk: 'asp:2' } as const;

/**
 * The quarter of a file: the window its preamble states ("Effective January 1, 2025 through March
 * 31, 2025"), else the quarter its name's month opens. The label is the quarter (`2025 Q1`); a
 * file CMS re-issues within the quarter ("updated 030725") is a later version of the same window.
 */
export function readAspVersion(f: FileContext): VersionReading {
  const fromText = windowInText(f.head.toString('latin1').split(/\r?\n/, 12).join(' '));
  if (fromText) return reading('content', fromText.quarter, fromText);
  const fromName = windowInName(f.name);
  return fromName ? reading('file_name', fromName.quarter, fromName) : NO_READING;
}

/**
 * CMS Medicare Part B drug ASP pricing files, one zip per quarter for the payment limits and one for
 * the NDC-HCPCS crosswalks. Each zip holds an Excel file and its "section 508 version" CSV; the
 * CSVs are the documents read (./parser.ts). The crosswalk zip also holds the AWP, OPPS and NOC
 * crosswalks, which are other documents (not read here).
 */
export const source: SourceDecl = {
  sourceId: 'cms_asp_pricing',
  title: 'Medicare Part B ASP drug pricing files (payment limits and NDC-HCPCS crosswalk)',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: {
    name: 'US Government work (public domain), CPT codes under AMA notice',
    url: 'https://www.cms.gov/medicare/payment/all-fee-service-providers/medicare-part-b-drug-average-sales-price/asp-pricing-files',
    notice:
      'CPT only copyright American Medical Association. All rights reserved. The vaccine rows carry CPT codes; their descriptors are not served.',
  },
  // The vaccine and immune-globulin rows (90xxx) carry CPT short descriptors.
  thirdPartyLicensedDescriptors: true,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://www.cms.gov/medicare/payment/all-fee-service-providers/medicare-part-b-drug-average-sales-price/asp-pricing-files',
      kind: 'listing',
      note: 'Quarterly zips: "<month>-<year>-asp-pricing-file…zip" (payment limits) and "<month>-<year>-asp-ndc-hcpcs-crosswalk…zip".',
      follow: /^(january|april|july|october)-\d{4}-(asp-pricing-file|asp-ndc-hcpcs-crosswalk)[^/]*\.zip$/i,
    },
  ],
  docs: [
    {
      docId: ASP_DOCS.limits,
      title: 'ASP payment-limit file (section 508 CSV)',
      match: /^section 508 version of .*ASP Pricing File.*\.csv$/i,
      parser: () => aspLimitsParser,
    },
    {
      docId: ASP_DOCS.crosswalk,
      title: 'ASP NDC-HCPCS crosswalk (section 508 CSV)',
      match: /^section 508 version of .*\bASP NDC-HCPCS Crosswalk.*\.csv$/i,
      parser: () => aspCrosswalkParser,
    },
  ],
  releaseMonths: [1, 4, 7, 10],
  samples: 'shared/datasets/cms_asp_pricing/fixtures/manifest.json',
  versionMethod: 'content',
  readVersion: readAspVersion,
};
