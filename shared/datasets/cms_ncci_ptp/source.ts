import type { DocDecl, FileContext, License, SourceDecl, VersionReading } from '../../sources/types';
import { NO_READING, quarterWindow, reading } from '../../sources/version-labels';
import { ptpTableParser } from './setting';

/**
 * NCCI edits. These PTP tables, like the MUE tables (cms_ncci_mue), name CPT codes and carry the
 * AMA copyright notice, but neither carries CPT descriptors (only codes, numbers, dates and
 * rationales), so their text and bytes are served (thirdPartyLicensedDescriptors: false); the notice
 * travels in the license block. Both folders declare the same notice and license (folders never
 * import each other).
 */
const AMA_NOTICE =
  'CPT only copyright American Medical Association. All rights reserved. CPT codes appear as identifiers; no CPT descriptors are included.';

/**
 * CMS puts the PTP edit zips behind its AMA end-user license page. The gate is declared so a fetch
 * run can recognise those links; it follows them only when the operator has accepted the terms
 * (FETCH_ACCEPT_LICENSE_GATES=true, CDK context acceptLicenseGates) for the use made here: codes,
 * numbers, dates and rationales, no CPT descriptors. Otherwise each link is reported refused.
 */
const AMA_CLICK_THROUGH = 'CMS / AMA CPT end-user license agreement (https://www.cms.gov/license/ama)';

const NCCI_LICENSE: License = {
  name: 'US Government work (public domain), CPT codes under AMA notice',
  notice: AMA_NOTICE,
};

/**
 * `ccipra-v322r0-f1.TXT` (practitioner) / `ccioph-v322r0-f1.TXT` (hospital): version 32.2 revision 0,
 * part 1. NCCI major version N is calendar year 1994+N (v30.0 took effect 2024-01-01) and the minor
 * digit is the quarter minus one; a revision (r1, r2) reissues the same quarter.
 */
const PTP = /^cci(pra|oph|hos)-v(\d{2})(\d)r(\d+)-f(\d)\.txt$/i;

export function readPtpVersion(f: FileContext): VersionReading {
  const m = PTP.exec(f.name);
  if (!m) return NO_READING;
  const major = Number(m[2]);
  const minor = Number(m[3]);
  if (minor > 3) return reading('file_name', `v${major}.${minor}r${m[4]}`);
  return reading('file_name', `v${major}.${minor}r${m[4]}`, quarterWindow(1994 + major, minor + 1));
}

function ptpDocs(): DocDecl[] {
  const docs: DocDecl[] = [];
  for (const [kind, base, label] of [
    ['pra', 0, 'practitioner'],
    ['(?:oph|hos)', 10, 'hospital'],
  ] as const) {
    for (let part = 1; part <= 4; part++) {
      docs.push({
        docId: `ptp:${base + part}`,
        title: `NCCI PTP edits, ${label}, part ${part}`,
        match: new RegExp(`^cci${kind}-v\\d{3}r\\d+-f${part}\\.txt$`, 'i'),
        parser: ptpTableParser,
      });
    }
  }
  return docs;
}

export const cmsNcciPtp: SourceDecl = {
  sourceId: 'cms_ncci_ptp',
  title: 'NCCI procedure-to-procedure (PTP) edits',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: NCCI_LICENSE,
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-01-01',
  urls: [
    {
      url: 'https://www.cms.gov/medicare/coding-billing/national-correct-coding-initiative-ncci-edits/medicare-ncci-procedure-procedure-ptp-edits',
      kind: 'listing',
      note: 'Quarterly zips, four parts each for practitioner and hospital edits.',
      // Linked as /license/ama?file=/files/zip/medicare-ncci-2026q3-practitioner-ptp-edits-ccipra-v322r0-f1.zip
      // (hospital: …-hospital-ptp-edits-ccioph-…; some quarters spell 2026-q4).
      follow:
        /^medicare-ncci-\d{4}-?q[1-4]-(?:practitioner|hospital)-ptp-edits-cci(?:pra|oph|hos)-v\d{3}r\d+-f\d\.zip$/i,
      gate: { path: '/license/ama', param: 'file', terms: AMA_CLICK_THROUGH },
    },
  ],
  docs: ptpDocs(),
  releaseMonths: [1, 4, 7, 10],
  samples: 'shared/datasets/cms_ncci_ptp/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readPtpVersion,
};
