import type { FileContext, SourceDecl, VersionReading } from '../types';
import { monthNumber, NO_READING, reading } from '../version-labels';

/**
 * HCPCS Level II record file. Names: `HCPC2019_CONTR_ANWEB.txt` (annual release, 2019),
 * `HCPC2018_CONTR_ANWEB_disc.txt` (2018, with discontinued codes), and the quarterly
 * `HCPC2024_JAN_ANWEB_v3.txt` style, some carrying their posting date instead
 * (`HCPC2026_JAN_ANWEB_01122026.txt`). The window starts on the release month and is open-ended: a
 * release stays in force until the next one begins.
 */
const ANWEB = /^HCPC(\d{4})(?:_(JAN|APR|JUL|OCT))?_(?:CONTR_)?ANWEB(?:_disc)?(?:_v(\d+))?(?:_(\d{8}))?\.txt$/i;

export function readHcpcsVersion(f: FileContext): VersionReading {
  const m = ANWEB.exec(f.name);
  if (!m) return NO_READING;
  const year = Number(m[1]);
  const month = m[2] ? monthNumber(m[2])! : 1;
  const label = [m[1], m[2]?.toUpperCase(), m[3] ? `v${m[3]}` : undefined, m[4]].filter(Boolean).join(' ');
  return reading('file_name', label, { from: `${year}-${String(month).padStart(2, '0')}-01`, to: null });
}

export const cmsHcpcsLevel2: SourceDecl = {
  sourceId: 'cms_hcpcs_level2',
  title: 'HCPCS Level II alpha-numeric code file',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: {
    name: 'US Government work (public domain)',
    url: 'https://www.cms.gov/about-cms/web-policies-important-links/web-policies/privacy',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-01-01',
  urls: [
    {
      url: 'https://www.cms.gov/medicare/coding-billing/healthcare-common-procedure-system/quarterly-update',
      kind: 'listing',
      note: 'Quarterly alpha-numeric HCPCS files (zip: record file, xlsx, readme, change reports).',
      // Links /files/zip/<month>-<year>-alpha-numeric-hcpcs-file.zip (some quarters `-files.zip`,
      // annual releases `<year>-alpha-numeric-hcpcs-file.zip`); the ANWEB record file is a member.
      follow: /^(?:[a-z]+-)?\d{4}-alpha-numeric-hcpcs-files?(?:-[a-z0-9-]+)?\.zip$/i,
    },
  ],
  docs: [{ docId: 'hcpcs:1', title: 'HCPCS Level II record file (ANWEB)', match: ANWEB }],
  versionMethod: 'file_name',
  readVersion: readHcpcsVersion,
};
