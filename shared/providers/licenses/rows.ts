import { z } from '@hono/zod-openapi';
import type { Located } from '../../publishers/common/types';
import { PROFESSIONS, type Profession } from './license-row';

export { emptyLicenseRow, type LicenseRow, PROFESSIONS, type Profession } from './license-row';

/** The catalog dataset of every state adapter's licence and discipline rows (shared/providers/licenses/dataset.ts). */
export const STATE_LICENSES = 'state_licenses';
/** The NPDB public use file (hrsa_npdb_puf). */
export const NPDB_DATASET = 'hrsa_npdb_puf';
/** The curated board directory (state_board_directory). */
export const BOARD_DIRECTORY = 'state_board_directory';
/** Every state adapter's source id starts with it (`state_licenses_wa`). */
export const STATE_LICENSE_PREFIX = 'state_licenses_';
/** Counts below it are withheld (spec: discipline coverage; CATALOG.md privacy). */
export const SUPPRESS_BELOW = 11;

export const LicenseRowSchema = z.object({
  kind: z.enum(['license', 'action']),
  state: z.string(),
  license_number: z.string(),
  license_key: z.string(),
  license_type: z.string().nullable(),
  profession: z.enum(PROFESSIONS),
  last_name: z.string().nullable(),
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  status: z.string().nullable(),
  first_issue_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  has_public_action: z.boolean(),
  action: z.string().nullable(),
  action_date: z.string().nullable(),
  action_detail: z.string().nullable(),
  npi: z.string().nullable(),
});

/**
 * One NPDB public use file record (one report): the record type (malpractice payment or adverse
 * action), the practitioner's licence state and field, and for adverse actions the year and first
 * classification code. No practitioner is identified in the file.
 */
export interface NpdbRow extends Located {
  seqno: string;
  rectype: string;
  report_class: 'adverse_action' | 'malpractice_payment' | 'other';
  reptype: string | null;
  origyear: number | null;
  work_state: string | null;
  license_state: string;
  license_field: string | null;
  aa_year: number | null;
  aa_class1: string | null;
}

export const NpdbRowSchema = z.object({
  seqno: z.string(),
  rectype: z.string(),
  report_class: z.enum(['adverse_action', 'malpractice_payment', 'other']),
  reptype: z.string().nullable(),
  origyear: z.number().nullable(),
  work_state: z.string().nullable(),
  license_state: z.string(),
  license_field: z.string().nullable(),
  aa_year: z.number().nullable(),
  aa_class1: z.string().nullable(),
});

/** One entry of the curated board directory: a state's board for a profession and where to verify. */
export interface BoardRow extends Located {
  state: string;
  profession: Profession | 'all';
  board: string;
  lookup_url: string;
  discipline_url: string | null;
  /** The adapter's source id when this service holds the board's bulk file, else null. */
  bulk_source_id: string | null;
  note: string | null;
  /** When this entry was compiled (the file's note says how it was checked). */
  compiled_on: string;
}

export const BoardRowSchema = z.object({
  state: z.string(),
  profession: z.enum([...PROFESSIONS, 'all']),
  board: z.string(),
  lookup_url: z.string(),
  discipline_url: z.string().nullable(),
  bulk_source_id: z.string().nullable(),
  note: z.string().nullable(),
  compiled_on: z.string(),
});
