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
  'A provider dossier composed of blocks, each built from its own sources and saying which archived versions it read (`sources`) and which sources could not answer on as_of (`gaps`, e.g. `not_loaded`): `data` is null only when none of its sources could answer; an NPI a source in force does not list gives empty lists. `identity` is the NPPES registry record, read as loaded whatever the date (an NPI and its names do not lapse). Employment and affiliations come from the CMS Doctors and Clinicians files and the Medicare reassignment list, linked by NPI (never by name); the employment signals fill `employer_npi` from the Public Provider Enrollment file (cms_ppef) by the group enrollment ID, then PAC ID, as /provider/{npi}/employment does (one batched get after the links read; null with the basis saying why otherwise). Built from at most eight storage reads.';

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
