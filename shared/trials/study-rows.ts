import type { Located } from '../publishers/common/types';

/**
 * The rows of ClinicalTrials.gov studies as the catalog stores them, read from API v2 study objects
 * by the dataset folder (shared/datasets/nlm_ctgov) and served by this domain (./trials.ts).
 */
export const CTGOV_STUDIES = 'nlm_ctgov';

/** An NCT number: `NCT` and eight digits. */
export const NCT_PATTERN = /^NCT\d{8}$/;

/** An NCT id as accepted from callers: trimmed, any case (`nct05594173`), served upper-case. */
export function normalizeNctId(raw: string): string | null {
  const s = raw.trim().toUpperCase();
  return NCT_PATTERN.test(s) ? s : null;
}

/** A date as ClinicalTrials.gov writes it (`yyyy`, `yyyy-MM` or `yyyy-MM-dd`) with its type. */
export interface StudyDate {
  /** As published: a month-only date stays `2019-09`. */
  date: string;
  /** `ACTUAL` or `ESTIMATED` (API v2 DateType); null when not given. */
  type: string | null;
}

export interface StudySite {
  facility: string | null;
  /** The site's own recruitment status (API v2 RecruitmentStatus), when given. */
  status: string | null;
  city: string | null;
  /** As published (ClinicalTrials.gov writes US states by name, e.g. `California`). */
  state: string | null;
  /** USPS code for a US site whose state name is known; null elsewhere. */
  state_code: string | null;
  zip: string | null;
  country: string | null;
  /** The site's investigators and contacts with a role, as given (names, roles). */
  investigators: { name: string | null; role: string | null }[];
}

export interface StudyOfficial {
  name: string | null;
  affiliation: string | null;
  /** API v2 OfficialRole: PRINCIPAL_INVESTIGATOR, STUDY_DIRECTOR, STUDY_CHAIR, SUB_INVESTIGATOR. */
  role: string | null;
}

/** One study of the set, with what the search filters on flattened beside the published parts. */
export interface TrialStudyRow extends Located {
  nct_id: string;
  brief_title: string | null;
  official_title: string | null;
  acronym: string | null;
  overall_status: string | null;
  study_type: string | null;
  /** API v2 Phase values (`PHASE2`, `EARLY_PHASE1`, `NA`); empty when none given. */
  phases: string[];
  conditions: string[];
  keywords: string[];
  interventions: { type: string | null; name: string | null }[];
  lead_sponsor: string | null;
  lead_sponsor_class: string | null;
  collaborators: { name: string | null; class: string | null }[];
  enrollment: { count: number | null; type: string | null } | null;
  start_date: StudyDate | null;
  primary_completion_date: StudyDate | null;
  completion_date: StudyDate | null;
  first_posted: string | null;
  /** `lastUpdatePostDateStruct.date`: the day the record's last update was posted (ISO when full). */
  last_update_posted: string | null;
  /** `yyyy-MM` of `last_update_posted` (null with it): what the month rollup groups by. */
  last_update_month: string | null;
  officials: StudyOfficial[];
  sites: StudySite[];
  /** Where the study sits in the archived set (page sha256 and byte offset; null for a single-study file). */
  element: { page: number; sha256: string; offset: number } | null;
}

/** What a study's listing and token items hold (the dataset's `listedValue`): the summary a list shows. */
export type ListedStudy = Pick<
  TrialStudyRow,
  | 'nct_id'
  | 'brief_title'
  | 'overall_status'
  | 'study_type'
  | 'phases'
  | 'conditions'
  | 'lead_sponsor'
  | 'lead_sponsor_class'
  | 'start_date'
  | 'last_update_posted'
  | 'enrollment'
  | 'locator'
> & { site_count: number };

export function listedStudy(r: TrialStudyRow): ListedStudy {
  return {
    nct_id: r.nct_id,
    brief_title: r.brief_title,
    overall_status: r.overall_status,
    study_type: r.study_type,
    phases: r.phases,
    conditions: r.conditions,
    lead_sponsor: r.lead_sponsor,
    lead_sponsor_class: r.lead_sponsor_class,
    start_date: r.start_date,
    last_update_posted: r.last_update_posted,
    enrollment: r.enrollment,
    site_count: r.sites.length,
    locator: r.locator,
  };
}
