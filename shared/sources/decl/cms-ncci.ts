import type { DocDecl, FileContext, License, SourceDecl, VersionReading } from '../types';
import { fromMdy, NO_READING, quarterOf, quarterWindow, reading } from '../version-labels';

/**
 * NCCI edits. Both tables name CPT codes and carry the AMA copyright notice, but neither carries
 * CPT descriptors (only codes, numbers, dates and rationales), so their text and bytes are served
 * (thirdPartyLicensedDescriptors: false); the notice travels in the license block.
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

/** `MCR_MUE_PractitionerServices_Eff_07-01-2026.csv`: window from the effective date to its quarter's end. */
const MUE =
  /^MCR_MUE_(PractitionerServices|OutpatientHospitalServices|DMESupplierServices)_Eff_(\d{2}-\d{2}-\d{4})\.csv$/i;

export function readMueVersion(f: FileContext): VersionReading {
  const m = MUE.exec(f.name);
  const from = m ? fromMdy(m[2]!) : null;
  if (!from) return NO_READING;
  const year = Number(from.slice(0, 4));
  const q = quarterOf(Number(from.slice(5, 7)));
  return reading('file_name', `${year} Q${q}`, { from, to: quarterWindow(year, q).to });
}

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
      });
    }
  }
  return docs;
}

export const cmsNcciMue: SourceDecl = {
  sourceId: 'cms_ncci_mue',
  title: 'NCCI Medically Unlikely Edits (MUE)',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: NCCI_LICENSE,
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'quarterly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-01-01',
  urls: [
    {
      url: 'https://www.cms.gov/medicare/coding-billing/national-correct-coding-initiative-ncci-edits/medicare-ncci-medically-unlikely-edits',
      kind: 'listing',
      note: 'Quarterly zips per service type (practitioner, outpatient hospital, DME supplier).',
      // /files/zip/medicare-ncci-2026-q3-practitioner-services-mue-table.zip,
      // …-facility-outpatient-hospital-services-mue-table.zip, …-dme-supplier-services-mue-table.zip.
      follow: /^medicare-ncci-\d{4}-?q[1-4]-.*mue-table.*\.zip$/i,
    },
  ],
  docs: [
    { docId: 'mue:1', title: 'MUE table, practitioner services', match: /^MCR_MUE_PractitionerServices_.*\.csv$/i },
    {
      docId: 'mue:2',
      title: 'MUE table, outpatient hospital services',
      match: /^MCR_MUE_OutpatientHospitalServices_.*\.csv$/i,
    },
    { docId: 'mue:3', title: 'MUE table, DME supplier services', match: /^MCR_MUE_DMESupplierServices_.*\.csv$/i },
  ],
  releaseMonths: [1, 4, 7, 10],
  versionMethod: 'file_name',
  readVersion: readMueVersion,
};

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
  versionMethod: 'file_name',
  readVersion: readPtpVersion,
};
