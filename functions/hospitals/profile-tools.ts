import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The hospital profile reads and metro population as agent tools (shared/mcp). */
export const PROFILE_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'hospital_profile',
    method: 'get',
    path: '/hospitals/{ccn}',
    proves:
      "A hospital's profile by CCN as CMS and the Census Bureau published it by the date: name and address, accrediting organization and its expiration date, medical school affiliation, CBSA and its latest population estimate, and the latest case mix index, each naming the file version it came from. A null block means that source has no row for the CCN or is not in force (see gaps).",
  }),
  tool({
    name: 'hospital_case_mix_index',
    method: 'get',
    path: '/hospitals/{ccn}/case-mix-index',
    proves:
      "A hospital's IPPS case mix index by fiscal year as CMS published it with each final rule: the average DRG weight of its Medicare discharges of an earlier year. Weights are recalibrated yearly, so years compare only roughly.",
  }),
  tool({
    name: 'hospital_services',
    method: 'get',
    path: '/hospitals/{ccn}/services',
    proves:
      'The services a provider reported to CMS in the Provider of Services file (emergency department, cardiac catheterization, open heart surgery, transplant, imaging and others): provided by staff, under arrangement, both, or not. Reported at certification and survey, so possibly years old.',
  }),
  tool({
    name: 'hospital_clinical_trials',
    method: 'get',
    path: '/hospitals/{ccn}/clinical-trials',
    proves:
      'ClinicalTrials.gov studies with a site at the hospital, found by the site’s name and ZIP with a confidence and method: a matched site is a strong name match in the hospital’s ZIP, an ambiguous one could be another facility there. Not a registry link between the trial and the CCN.',
  }),
  tool({
    name: 'cbsa_population',
    method: 'get',
    path: '/market-intelligence/cbsa/{cbsa_code}/population',
    proves:
      'The July 1 population of a metropolitan or micropolitan area (or metropolitan division) by year from the Census Bureau estimates, each year from the latest vintage released by the date, with the earlier figures it revised.',
  }),
];
