import { z } from '@hono/zod-openapi';
import type { Located } from '../publishers/common/types';

/**
 * The provider-links dataset (issue 21): the rows that tie an NPI to its practice, groups and
 * facilities, fed by the Doctors and Clinicians files (source `cms_dac`: the national file, one
 * row per clinician, enrollment and address; the facility-affiliation file, one row per clinician
 * and facility) and the Medicare reassignment list (`cms_pecos_reassignment`, one row per
 * individual and group). One dataset, so the rows of an NPI across the three files are one
 * partition read (search token = the NPI: no per-key state while loading, so the ~2.7 million rows
 * of the national file load in flat memory).
 */
export const PROVIDER_LINKS = 'provider_links';

/** The facility types of the DAC facility-affiliation file (the spec's dossier facility types). */
export const AFFILIATION_FACILITY_TYPES = [
  'hospital',
  'home_health',
  'hospice',
  'nursing_home',
  'dialysis',
  'irf',
  'ltch',
] as const;
export type AffiliationFacilityType = (typeof AFFILIATION_FACILITY_TYPES)[number];

/**
 * The published `facility_type` to its normalized type: CMS spells them in words ("Hospital",
 * "Home health agency", "Inpatient rehabilitation facility", "Long-term care hospital", "Skilled
 * nursing facility" / "Nursing home"...); matched by keyword, case and punctuation ignored.
 */
export function affiliationFacilityType(published: string | null): AffiliationFacilityType | null {
  const s = (published ?? '').toLowerCase().replace(/[^a-z]+/g, ' ');
  if (!s.trim()) return null;
  if (/\blong term\b|\bltch\b/.test(s)) return 'ltch';
  if (/\brehab|\birf\b/.test(s)) return 'irf';
  if (/\bhome health\b|\bhha\b/.test(s)) return 'home_health';
  if (/\bhospice\b/.test(s)) return 'hospice';
  if (/\bnursing\b|\bsnf\b/.test(s)) return 'nursing_home';
  if (/\bdialysis\b|\besrd\b/.test(s)) return 'dialysis';
  if (/\bhospital\b/.test(s)) return 'hospital';
  return null;
}

/** A ZIP as published (digits, text) and its 5-digit form when it is 5 or 9 digits, else null. */
export interface PublishedZip {
  zip: string | null;
  zip5: string | null;
}

export interface DacClinician {
  ind_pac_id: string | null;
  ind_enrl_id: string | null;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  suffix: string | null;
  gender: string | null;
  credential: string | null;
  medical_school: string | null;
  graduation_year: number | null;
  primary_specialty: string | null;
  secondary_specialties: string[];
  /** The group practice of this enrollment row (DAC `org_nm`, `org_pac_id`, `num_org_mem`). */
  org_name: string | null;
  org_pac_id: string | null;
  org_members: number | null;
  address: {
    line_1: string | null;
    line_2: string | null;
    city: string | null;
    state: string | null;
  } & PublishedZip;
  phone: string | null;
  /** `hosp_afl_N` / `hosp_afl_lbn_N` of releases that carry them (to 2022); empty otherwise. */
  hospital_affiliations: { ccn: string; name: string | null }[];
  /** `ind_assgn` (accepts Medicare assignment: Y / M) and `grp_assgn`. */
  individual_assignment: string | null;
  group_assignment: string | null;
  address_id: string | null;
}

export interface DacFacilityAffiliation {
  ind_pac_id: string | null;
  last_name: string | null;
  first_name: string | null;
  facility_type: AffiliationFacilityType | null;
  facility_type_published: string | null;
  ccn: string;
  /** The CCN of the hospital a unit (IRF, psychiatric, swing-bed) belongs to, when published. */
  parent_ccn: string | null;
}

export interface Reassignment {
  group_pac_id: string | null;
  group_enrollment_id: string | null;
  group_name: string | null;
  group_state: string | null;
  group_due_date: string | null;
  group_members: number | null;
  record_type: string | null;
  individual_pac_id: string | null;
  individual_enrollment_id: string | null;
  last_name: string | null;
  first_name: string | null;
  state: string | null;
  specialty: string | null;
  individual_due_date: string | null;
  employer_associations: number | null;
}

export interface ProviderLinkRow extends Located {
  kind: 'clinician' | 'facility' | 'reassignment';
  npi: string;
  /** Facility rows of type hospital: the hospital's CCN (the `hospital_affiliates` listing's partition). */
  hospital_ccn: string | null;
  clinician: DacClinician | null;
  facility: DacFacilityAffiliation | null;
  reassignment: Reassignment | null;
}

/** The fields the listings read (the rest of the row is stored as is). */
export const ProviderLinkRowSchema = z.object({
  kind: z.enum(['clinician', 'facility', 'reassignment']),
  npi: z.string(),
  hospital_ccn: z.string().nullable(),
});

/** A CCN as 6 characters: upper-cased, 5 digits take back the leading zero a spreadsheet dropped. */
export function ccnOf(raw: string | null | undefined): string | null {
  const s = (raw ?? '').trim().toUpperCase();
  if (/^\d{5}$/.test(s)) return `0${s}`;
  return /^[0-9A-Z]{6}$/.test(s) ? s : null;
}
