import type { Located } from '../../publishers/common/types';

/*
 * The state adapters' row and its professions, without zod: the lazily loaded parsers of the
 * state_licenses_* folders import this file, so their bundles carry no schema code (the zod
 * schemas are in ./rows.ts, which re-exports these names).
 */

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
