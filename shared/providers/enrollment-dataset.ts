import { defineDataset } from '../catalog/dataset';
import { PROVIDER_ENROLLMENTS, type ProviderEnrollmentRow, ProviderEnrollmentRowSchema } from './enrollment-rows';

/**
 * The provider enrollments (./enrollment-rows.ts) as a catalog dataset. It declares no document of
 * its own: cms_ppef (the Public Provider Enrollment base file) feeds it from its folder. Each file is
 * a snapshot. Rows are found by enrollment ID and by PAC ID (exact-match indexes, looked up in one
 * batched get for all of an answer's keys: shared/catalog/lookup.ts). Neither key is unique: a PAC ID
 * holds several enrollments, and an enrollment may be listed once per NPI.
 */
export const providerEnrollmentsDataset = defineDataset<ProviderEnrollmentRow>({
  id: PROVIDER_ENROLLMENTS,
  title: 'Provider enrollments (Medicare FFS Public Provider Enrollment)',
  loaderVersion: '1',
  docs: [],
  parserFor: () => undefined,
  schema: ProviderEnrollmentRowSchema,
  indexes: [
    { name: 'enrollment_id', keys: (r) => (r.enrollment_id ? [r.enrollment_id] : []) },
    { name: 'pac_id', keys: (r) => (r.pac_id ? [r.pac_id] : []) },
  ],
});
