import { zip5 } from '../../facilities/normalize';
import { hcrisCcn } from '../../hospitals/hcris-rows';
import { type CodedValue, type PosRow, type PosService, posDate } from '../../hospitals/profile-rows';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { POS_PARSER_HEAD } from './head';

const ID = POS_PARSER_HEAD.id;

type Field =
  | 'ccn'
  | 'name'
  | 'address'
  | 'city'
  | 'state'
  | 'zip'
  | 'cbsa'
  | 'category'
  | 'acrType'
  | 'acrFrom'
  | 'acrTo'
  | 'school'
  | 'termCode'
  | 'termDate'
  | 'beds'
  | 'certBeds';

/**
 * Column names, read by header name (case ignored), first found wins: the names of the POS record
 * layout as the data.cms.gov quarterly CSV uses them. One layout is mapped; a renamed column is added
 * here as an alternate name (a new layout entry), not as a new parser. Only PRVDR_NUM is required:
 * a quarter missing another column reads it as null. Service indicators are every `*_SRVC_CD` column.
 */
const LAYOUTS: Record<Field, readonly string[]> = {
  ccn: ['PRVDR_NUM'],
  name: ['FAC_NAME'],
  address: ['ST_ADR'],
  city: ['CITY_NAME'],
  state: ['STATE_CD'],
  zip: ['ZIP_CD'],
  cbsa: ['CBSA_CD'],
  category: ['PRVDR_CTGRY_CD'],
  acrType: ['ACRDTN_TYPE_CD'],
  acrFrom: ['ACRDTN_EFCTV_DT'],
  acrTo: ['ACRDTN_EXPRTN_DT'],
  school: ['MDCL_SCHL_AFLTN_CD'],
  termCode: ['PGM_TRMNTN_CD'],
  termDate: ['TRMNTN_EXPRTN_DT'],
  beds: ['BED_CNT'],
  certBeds: ['CRTFD_BED_CNT'],
};

/** Provider categories (PRVDR_CTGRY_CD) of the POS record layout that this API names. */
const CATEGORIES: Record<string, string> = {
  '01': 'Hospital',
  '02': 'Skilled Nursing Facility/Nursing Facility (dually certified)',
  '03': 'Skilled Nursing Facility/Nursing Facility (distinct part)',
  '04': 'Skilled Nursing Facility',
  '05': 'Home Health Agency',
  '06': 'Psychiatric Residential Treatment Facility',
  '07': 'Portable X-Ray Supplier',
  '08': 'Outpatient Physical Therapy/Speech Pathology',
  '09': 'End Stage Renal Disease Facility',
  '10': 'Nursing Facility',
  '11': 'Intermediate Care Facility/Individuals with Intellectual Disabilities',
  '12': 'Rural Health Clinic',
  '14': 'Comprehensive Outpatient Rehabilitation Facility',
  '15': 'Ambulatory Surgical Center',
  '16': 'Hospice',
  '17': 'Organ Procurement Organization',
  '19': 'Community Mental Health Center',
  '21': 'Federally Qualified Health Center',
};

/** ACRDTN_TYPE_CD: the accrediting organization whose deemed status the provider holds. */
const ACCREDITORS: Record<string, string> = {
  '0': 'Not accredited',
  '1': 'The Joint Commission',
  '2': 'Accreditation Commission for Health Care (formerly AOA/HFAP)',
  '3': 'DNV Healthcare',
  '4': 'Center for Improvement in Healthcare Quality',
};

/** MDCL_SCHL_AFLTN_CD. */
const SCHOOL: Record<string, string> = {
  '1': 'Major',
  '2': 'Graduate',
  '3': 'Minor',
  '4': 'No affiliation',
};

/** PGM_TRMNTN_CD: 00 active; the others are the reasons a provider left the program. */
const TERMINATION: Record<string, string> = {
  '00': 'Active provider',
  '01': 'Voluntary - merger, closure',
  '02': 'Voluntary - dissatisfaction with reimbursement',
  '03': 'Voluntary - risk of involuntary termination',
  '04': 'Voluntary - other reason for withdrawal',
  '05': 'Involuntary - failure to meet health/safety requirements',
  '06': 'Involuntary - failure to meet agreement',
  '07': 'Other - provider status change',
  '08': 'Nonpayment of fees (CLIA only)',
  '09': 'Revoked/unsuccessful participation in proficiency testing (CLIA only)',
  '10': 'Revoked/other reason (CLIA only)',
  '11': 'Incomplete CLIA application information (CLIA only)',
  '12': 'No longer performing tests (CLIA only)',
  '13': 'Multiple to single site certificate (CLIA only)',
  '14': 'Shared laboratory (CLIA only)',
  '15': 'Failure to renew waiver/PPM certificate (CLIA only)',
  '16': 'Duplicate CLIA number (CLIA only)',
  '17': 'Mail returned, no forward address, cert ended (CLIA only)',
  '20': 'Notification bounce back (CLIA only)',
  '33': 'Accreditation not confirmed (CLIA only)',
  '80': 'Awaiting state approval',
  '99': 'OIG action - do not activate (CLIA only)',
};

/** Names of the service indicator columns (`*_SRVC_CD`) we know; others are named by their column. */
const SERVICES: Record<string, string> = {
  ACUTE_RNL_DLYS_SRVC_CD: 'Acute renal dialysis',
  ALCHL_DRUG_SRVC_CD: 'Alcohol and drug services',
  ANSTHSLGY_SRVC_CD: 'Anesthesiology',
  BURN_CARE_UNIT_SRVC_CD: 'Burn care unit',
  CRDC_CTHRTZTN_LAB_SRVC_CD: 'Cardiac catheterization laboratory',
  CRDC_SRGRY_SRVC_CD: 'Cardiac surgery',
  CT_SCAN_SRVC_CD: 'CT scanner',
  DCTD_ER_SRVC_CD: 'Dedicated emergency department',
  DNTL_SRVC_CD: 'Dental',
  EMER_PSYCH_SRVC_CD: 'Emergency psychiatric services',
  INPTNT_SRGRY_SRVC_CD: 'Inpatient surgery',
  MGNTC_RSNC_IMG_SRVC_CD: 'Magnetic resonance imaging',
  NEONTL_NRSRY_SRVC_CD: 'Neonatal nursery',
  NUCLR_MDCN_SRVC_CD: 'Nuclear medicine',
  OB_SRVC_CD: 'Obstetrics',
  OPEN_HRT_SRGRY_SRVC_CD: 'Open heart surgery',
  OPRTG_ROOM_SRVC_CD: 'Operating room',
  ORGN_TRNSPLNT_SRVC_CD: 'Organ transplant',
  OTPTNT_SRGRY_SRVC_CD: 'Outpatient surgery',
  PET_SCAN_SRVC_CD: 'PET scanner',
  PHYSCL_THRPY_SRVC_CD: 'Physical therapy',
  PSYCH_SRVC_CD: 'Psychiatric services',
  SHCK_TRMA_SRVC_CD: 'Shock trauma',
};

const HOW: Record<string, PosService['how']> = {
  '0': 'not_provided',
  '1': 'staff',
  '2': 'arrangement',
  '3': 'staff_and_arrangement',
};

const coded = (raw: string, labels: Record<string, string>, width = 0): CodedValue | null => {
  const t = raw.trim();
  if (!t) return null;
  const code = width && /^\d+$/.test(t) ? t.padStart(width, '0') : t;
  return { code, label: labels[code] ?? null };
};

const count = (raw: string): number | null => {
  const t = raw.trim();
  return /^\d+$/.test(t) ? Number(t) : null;
};

async function* parsePos(input: ByteInput): AsyncGenerator<PosRow> {
  let pos: Record<Field, number> | null = null;
  let serviceCols: { name: string; i: number }[] = [];
  let kept: { name: string; i: number }[] = [];
  let record = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!pos) {
      const names = f.map((n) => n.replace(/^\uFEFF/, '').trim());
      const h = new HeaderIndex(names, ID, rec.line);
      pos = Object.fromEntries(
        (Object.keys(LAYOUTS) as Field[]).map((k) => [
          k,
          k === 'ccn' ? h.require(...LAYOUTS[k]) : h.find(...LAYOUTS[k]),
        ]),
      ) as Record<Field, number>;
      serviceCols = names
        .map((name, i) => ({ name: name.toUpperCase(), i }))
        .filter((c) => c.name.endsWith('_SRVC_CD'));
      const read = new Set(Object.values(pos).filter((i) => i >= 0));
      kept = names
        .map((name, i) => ({ name, i }))
        .filter((c) => read.has(c.i) || c.name.toUpperCase().endsWith('_SRVC_CD'));
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (k: Field) => at(f, pos![k]);
    const ccn = hcrisCcn(g('ccn'));
    if (!ccn) throw new PublisherFormatError(ID, rec.line, `PRVDR_NUM ${JSON.stringify(g('ccn'))} is not a CCN`);
    const services: PosService[] = [];
    for (const c of serviceCols) {
      const code = at(f, c.i).trim();
      if (!code) continue;
      const how = HOW[code] ?? 'unknown';
      services.push({
        column: c.name,
        name: SERVICES[c.name] ?? c.name,
        code,
        provided: how !== 'not_provided' && how !== 'unknown',
        how,
      });
    }
    const cbsa = g('cbsa').trim();
    yield {
      ccn,
      facility_name: text(g('name')),
      address: text(g('address')),
      city: text(g('city')),
      state: text(g('state'))?.toUpperCase() ?? null,
      zip: zip5(g('zip')),
      cbsa_code: /^\d{5}$/.test(cbsa) ? cbsa : null,
      category: coded(g('category'), CATEGORIES, 2),
      accreditation: {
        type: coded(g('acrType'), ACCREDITORS),
        effective_date: posDate(g('acrFrom')),
        expiration_date: posDate(g('acrTo')),
      },
      medical_school_affiliation: coded(g('school'), SCHOOL),
      termination: coded(g('termCode'), TERMINATION, 2),
      termination_date: posDate(g('termDate')),
      bed_count: count(g('beds')),
      certified_bed_count: count(g('certBeds')),
      services,
      source_row: Object.fromEntries(kept.map((c) => [c.name, f[c.i] ?? ''])),
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

/** One row per provider of the POS hospital and non-hospital file. */
export const posParser: PublisherParser<PosRow> = {
  ...POS_PARSER_HEAD,
  parse: (input) => parsePos(input),
  codesOf: () => [],
};
