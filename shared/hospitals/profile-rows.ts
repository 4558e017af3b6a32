import type { Located } from '../publishers/common/types';

/**
 * The rows of the hospital-profile sources as the catalog stores them, read by the dataset folders
 * (shared/datasets/cms_pos, cms_ipps_cmi, census_pep_cbsa) and served by ./profile.ts.
 */
export const POS_DATASET = 'cms_pos';
export const CMI_DATASET = 'cms_ipps_cmi';
export const PEP_DATASET = 'census_pep_cbsa';

/** A CBSA (or metropolitan division) code: five digits. */
export const CBSA_PATTERN = /^\d{5}$/;

/** A coded POS field: the code as published and its label (null when the code is not one we know). */
export interface CodedValue {
  code: string;
  label: string | null;
}

/** One service indicator column of the POS file (`*_SRVC_CD`). */
export interface PosService {
  /** The POS column, e.g. `CRDC_CTHRTZTN_LAB_SRVC_CD`. */
  column: string;
  name: string;
  /** 0 not provided, 1 by staff, 2 under arrangement, 3 both (POS service code values). */
  code: string;
  provided: boolean;
  how: 'staff' | 'arrangement' | 'staff_and_arrangement' | 'not_provided' | 'unknown';
}

/** One provider of the POS file (hospital and non-hospital facilities). */
export interface PosRow extends Located {
  ccn: string;
  facility_name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** CBSA_CD as published (five digits), null when blank (rural providers carry none in some quarters). */
  cbsa_code: string | null;
  category: CodedValue | null;
  accreditation: {
    type: CodedValue | null;
    effective_date: string | null;
    expiration_date: string | null;
  };
  medical_school_affiliation: CodedValue | null;
  termination: CodedValue | null;
  termination_date: string | null;
  bed_count: number | null;
  certified_bed_count: number | null;
  services: PosService[];
  /** The published values of the columns read (the POS file has hundreds; the rest are not kept). */
  source_row: Record<string, string>;
}

/** One hospital's case mix index in one IPPS fiscal year's file. */
export interface CmiRow extends Located {
  ccn: string;
  fiscal_year: number;
  case_mix_index: number | null;
  cases: number | null;
  provider_name: string | null;
  /** The column the index was read from (the layouts differ by year). */
  cmi_column: string;
  source_row: Record<string, string>;
}

/** One CBSA (or metropolitan division) of one vintage of the Census estimates. */
export interface PepRow extends Located {
  /** The area's code: CBSA, or MDIV for a metropolitan division. */
  cbsa_code: string;
  /** The CBSA a division belongs to (its own code for a CBSA). */
  parent_cbsa_code: string;
  name: string;
  lsad: string | null;
  vintage: number;
  /** `ESTIMATESBASE<YYYY>` (April 1 base) when given. */
  estimates_base: { year: number; population: number } | null;
  /** July 1 estimates (`POPESTIMATE<YYYY>`), oldest first. */
  estimates: { year: number; population: number }[];
}

/** The vintage of a Census estimates file (`cbsa-est2024-alldata.csv` -> 2024), or null. */
export function vintageOf(fileName: string): number | null {
  const m = /cbsa-est(\d{4})-alldata/i.exec(fileName);
  return m ? Number(m[1]) : null;
}

/** A date as POS writes it (`YYYYMMDD`) as ISO, or null. */
export function posDate(raw: string): string | null {
  const s = raw.trim();
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m || m[1] === '0000') return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) ? null : iso;
}
