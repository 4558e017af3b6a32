import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The MIPS quality reads as agent tools (shared/mcp). */
export const QUALITY_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'clinician_quality',
    method: 'get',
    path: '/quality/{npi}',
    proves:
      "A clinician's MIPS final and category scores as CMS published them for the performance years in force, per practice scored. A null category was not scored (reweighted), not zero; a 404 means the NPI is not in the MIPS files (exempt or not eligible), not that quality is poor.",
  }),
  tool({
    name: 'quality_leaderboard',
    method: 'get',
    path: '/quality/leaderboards/{specialty}',
    proves:
      'Clinicians of a specialty (NPPES taxonomy code) ranked by MIPS final score, optionally in one state and above a Medicare patient count. Scores are often group scores shared by every clinician of a practice, so ties are common; a rank compares published scores, not outcomes.',
  }),
  tool({
    name: 'system_quality',
    method: 'get',
    path: '/quality/systems/{system_id}',
    proves:
      "MIPS final scores of the clinicians CMS lists as affiliated with the hospitals of an AHRQ Compendium health system (joined by CCN, then NPI): counts, mean, median, score bands, per-specialty and per-hospital figures and a ranked page of clinicians. It describes clinicians who work at the system's hospitals (often under group scores), not the system's own quality; `cap.truncated` says when a large system was answered for part of its hospitals.",
  }),
  tool({
    name: 'provider_financial_affiliation',
    method: 'get',
    path: '/provider/{npi}/financial-affiliation',
    proves:
      'What drug and device makers reported paying or transferring to the NPI (Open Payments, program years 2021 on), by year, payer and nature, with the published rows. Reported by the payers; an empty answer means no report, and research dollars where the NPI is only the principal investigator usually went to an institution.',
  }),
  tool({
    name: 'provider_clinical_trials',
    method: 'get',
    path: '/provider/{npi}/clinical-trials',
    proves:
      "ClinicalTrials.gov studies tied to the NPI: first those a manufacturer reported the NPI as principal investigator or recipient of (Open Payments research rows with an NCT id, confidence 1.0), then those naming an investigator or official whose name and site agree with the NPI's NPPES name and practice place (confidence 0.5 to 0.95 by how much agrees: ZIP, city or state only), with the study record when held. A name match is not an identifier; absence does not mean the NPI runs no trials (at most 25 studies are read by name).",
  }),
];
