import { z } from '@hono/zod-openapi';
import type { Located } from '../publishers/common/types';

/**
 * The provider-enrollments dataset (issue 21 point 2): one row per Medicare fee-for-service
 * enrollment, tying an enrollment ID and a PECOS associate control ID (PAC ID) to the NPI it
 * enrolls. Fed by the Public Provider Enrollment base file (source `cms_ppef`); read by the
 * employment answer to give a group named by enrollment ID or PAC ID its NPI.
 */
export const PROVIDER_ENROLLMENTS = 'provider_enrollments';

export interface ProviderEnrollmentRow extends Located {
  npi: string;
  /** PECOS associate control ID (10 digits; one per individual or organization, several enrollments each). */
  pac_id: string | null;
  /** PECOS enrollment ID (`I…` an individual, `O…` an organization). */
  enrollment_id: string | null;
  /** MULTIPLE_NPI_FLAG: true when the publisher flags the provider as having more than one NPI; null when the release has no such column. */
  multiple_npi: boolean | null;
  provider_type_code: string | null;
  provider_type_desc: string | null;
  state: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  org_name: string | null;
}

/** The fields the dataset declares (the rest of the row is stored as is). */
export const ProviderEnrollmentRowSchema = z.object({
  npi: z.string(),
  pac_id: z.string().nullable(),
  enrollment_id: z.string().nullable(),
});
