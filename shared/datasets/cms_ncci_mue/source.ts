import type { FileContext, License, SourceDecl, VersionReading } from '../../sources/types';
import { fromMdy, NO_READING, quarterOf, quarterWindow, reading } from '../../sources/version-labels';
import { mueParser } from './mue';

/**
 * NCCI edits. These MUE tables, like the PTP edits (cms_ncci_ptp), name CPT codes and carry the
 * AMA copyright notice, but neither carries CPT descriptors (only codes, numbers, dates and
 * rationales), so their text and bytes are served (thirdPartyLicensedDescriptors: false); the notice
 * travels in the license block. Both folders declare the same notice and license (folders never
 * import each other).
 */
const AMA_NOTICE =
  'CPT only copyright American Medical Association. All rights reserved. CPT codes appear as identifiers; no CPT descriptors are included.';

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

/** Every MUE table has one layout; the setting is read from its value column header. */
const mueTable = () => mueParser;

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
    {
      docId: 'mue:1',
      title: 'MUE table, practitioner services',
      match: /^MCR_MUE_PractitionerServices_.*\.csv$/i,
      parser: mueTable,
    },
    {
      docId: 'mue:2',
      title: 'MUE table, outpatient hospital services',
      match: /^MCR_MUE_OutpatientHospitalServices_.*\.csv$/i,
      parser: mueTable,
    },
    {
      docId: 'mue:3',
      title: 'MUE table, DME supplier services',
      match: /^MCR_MUE_DMESupplierServices_.*\.csv$/i,
      parser: mueTable,
    },
  ],
  releaseMonths: [1, 4, 7, 10],
  samples: 'shared/datasets/cms_ncci_mue/fixtures/manifest.json',
  versionMethod: 'file_name',
  readVersion: readMueVersion,
};
