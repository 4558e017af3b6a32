import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import {
  EmploymentBlockSchema,
  FacilityAffiliationsBlockSchema,
  HospitalAffiliationsBlockSchema,
  ProviderIdentitySchema,
} from './dac-schemas';
import { dossierBlockSchema } from './dossier-block';
import { LicenseBlockSchema } from './license-block';
import { QualityBlockSchema } from './quality-schemas';
import { TrialsBlockSchema } from './trials-schemas';

export const DOSSIER_METHODOLOGY =
  'A provider dossier composed of blocks, each built from its own sources and saying which archived versions it read (`sources`) and which sources could not answer on as_of (`gaps`, e.g. `not_loaded`): `data` is null only when none of its sources could answer; an NPI a source in force does not list gives empty lists. `identity` is the NPPES registry record, read as loaded whatever the date (an NPI and its names do not lapse). Employment and affiliations come from the CMS Doctors and Clinicians files and the Medicare reassignment list, linked by NPI (never by name); the employment signals of the dossier keep `employer_npi` null (`not_published`): the group NPIs come from a further lookup in the Public Provider Enrollment file (cms_ppef), made by /provider/{npi}/employment and left out of the dossier to keep its read budget. Built from at most eight storage reads.';

export const ProviderDossierSchema = z
  .object({
    npi: z.string(),
    identity: dossierBlockSchema(ProviderIdentitySchema, 'NPPES registry identity.'),
    license_intelligence: LicenseBlockSchema,
    quality_intelligence: QualityBlockSchema,
    employment_intelligence: EmploymentBlockSchema,
    clinical_trials: TrialsBlockSchema,
    facility_affiliations: FacilityAffiliationsBlockSchema,
    hospital_affiliations: HospitalAffiliationsBlockSchema,
    ...answerProvenanceFields,
  })
  .openapi('ProviderDossier');
export type ProviderDossier = z.infer<typeof ProviderDossierSchema>;
