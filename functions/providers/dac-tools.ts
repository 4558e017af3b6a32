import { type ToolSpec, tool } from '../../shared/http/tool-spec';

/** The dossier, employment and hospital-affiliates reads as agent tools (shared/mcp). */
export const DAC_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'provider_dossier',
    method: 'get',
    path: '/provider/{npi}',
    proves:
      "A provider's dossier by NPI on the date: the NPPES identity, and blocks for licences, quality, employment, clinical trials, facility affiliations (hospital, home health, hospice, nursing home, dialysis, IRF, LTCH with CCN and type) and hospital affiliations, each naming the archived file versions it read and the sources it could not use. Affiliation means CMS links the clinician to the facility, not employment.",
  }),
  tool({
    name: 'provider_employment',
    method: 'get',
    path: '/provider/{npi}/employment',
    proves:
      'Who a provider works for, as signals: the groups it reassigns Medicare payments to (PECOS reassignment list), its group practices in the Doctors and Clinicians file (by PAC ID) and its facility affiliations (by CCN), each naming how it was derived and its source row. employer_npi comes from the PECOS Public Provider Enrollment file by enrollment ID, then PAC ID; it is null for facilities, for a PAC ID shared by several NPIs (candidates listed) or when that file is not loaded.',
  }),
  tool({
    name: 'hospital_affiliated_clinicians',
    method: 'get',
    path: '/dac/hospital/{ccn}/affiliates',
    proves:
      'The clinicians CMS Doctors and Clinicians data affiliates with a hospital CCN on the date, in NPI order, paged: an affiliation means the clinician bills at or is enrolled with the hospital, not employment.',
  }),
];
