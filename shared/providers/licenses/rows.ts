import { z } from '@hono/zod-openapi';
import type { Located } from '../../publishers/common/types';

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

/** The professions the directory and the adapters name (a board's licence types map to one). */
export const PROFESSIONS = [
  'physician',
  'osteopathic_physician',
  'physician_assistant',
  'nurse',
  'pharmacist',
  'dentist',
  'other',
] as const;
export type Profession = (typeof PROFESSIONS)[number];

/**
 * One row of a state adapter: a licence (`kind: license`, the board's record of a credential:
 * type, status, dates) or a disciplinary action (`kind: action`, an order or action the board
 * published, dated when the board dates it). Both carry the licence they concern (`license_key`,
 * shared/providers/license-key.ts) and, when known, the NPI: from the file itself when the board
 * publishes it (`npi_match.method: state_file`), else through the NPPES registry's licence numbers
 * at load (`nppes_license`, with its confidence), else null.
 */
export interface LicenseRow extends Located {
  kind: 'license' | 'action';
  state: string;
  license_number: string;
  license_key: string;
  /** The board's own licence type as printed (`Physician And Surgeon License`, `DR`, `MD`). */
  license_type: string | null;
  profession: Profession;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  /** Licence rows: the board's status as printed (`ACTIVE`, `Expired`); null on action rows. */
  status: string | null;
  first_issue_date: string | null;
  expiration_date: string | null;
  /** Licence rows: the board flags a public action on the credential (WA `ActionTaken`, CO case number). */
  has_public_action: boolean;
  /** Action rows: what the board did, as printed (`Revocation`, `Probation`). */
  action: string | null;
  /** Action rows: the action's effective date; null when the board publishes none. */
  action_date: string | null;
  /** Action rows: the board's case or order number, or its misconduct text. */
  action_detail: string | null;
  npi: string | null;
  npi_match: { method: 'state_file' | 'nppes_license' | 'none'; confidence: 'high' | 'medium' | 'low' | null };
}

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

/** A row before placement (what a state parser yields). */
export function emptyLicenseRow(
  kind: LicenseRow['kind'],
  state: string,
  number: string,
  key: string,
  locator: Located['locator'],
): LicenseRow {
  return {
    kind,
    state,
    license_number: number,
    license_key: key,
    license_type: null,
    profession: 'other',
    last_name: null,
    first_name: null,
    middle_name: null,
    status: null,
    first_issue_date: null,
    expiration_date: null,
    has_public_action: false,
    action: null,
    action_date: null,
    action_detail: null,
    npi: null,
    npi_match: { method: 'none', confidence: null },
    locator,
  };
}

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
