import type { Located } from '../publishers/common/types';

/**
 * One row of an exclusion list, federal (OIG LEIE) or state, in one shape whatever the layout it
 * was read from: state layouts differ in columns, date formats and name order (shared/state-exclusions/
 * layouts), and each maps its row here. Values are as published, trimmed; `N/A`-style placeholders
 * are null. Dates are YYYY-MM-DD.
 */
export type EntityType = 'individual' | 'organization' | 'unknown';

export interface ExclusionRecord extends Located {
  /** `federal` (OIG LEIE) or `state`. */
  list: 'federal' | 'state';
  /** The state whose Medicaid list this is (USPS code); null for the federal list. */
  list_state: string | null;
  /** `unknown` when the layout has a single name column and the row gives no sign either way. */
  entity_type: EntityType;
  /** The name as the list prints it. */
  name: string;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  organization_name: string | null;
  /** Also-known-as / doing-business-as names the row lists. */
  other_names: string[];
  /** Every NPI the row carries (some rows list several); only 10-digit values with a valid check digit. */
  npis: string[];
  /** The NPI cell as published when it holds something other than clean NPIs (`SSN`, `P1 - 1027986`). */
  npi_text: string | null;
  dob: string | null;
  city: string | null;
  /** The state of the row's address (USPS code), when it has one. */
  state: string | null;
  zip: string | null;
  license_number: string | null;
  /** Provider type, specialty or title as published. */
  provider_type: string | null;
  /** Exclusion type, sanction or action as published (`1128a1`, `DISQUALIFICATION`). */
  action: string | null;
  /** When the exclusion took effect. */
  start_date: string | null;
  /** When it ended: reinstatement, expiration or end of the exclusion period. */
  end_date: string | null;
  /** A non-date end as published (`PERMANENT`, `DECEASED`, `Indefinitely effective`). */
  end_note: string | null;
  /** OIG waiver (LEIE only). */
  waiver_date: string | null;
  waiver_state: string | null;
}

/** A record with every optional field empty, for layouts to fill in. */
export function emptyRecord(
  list: ExclusionRecord['list'],
  listState: string | null,
  locator: ExclusionRecord['locator'],
): ExclusionRecord {
  return {
    list,
    list_state: listState,
    entity_type: 'unknown',
    name: '',
    last_name: null,
    first_name: null,
    middle_name: null,
    organization_name: null,
    other_names: [],
    npis: [],
    npi_text: null,
    dob: null,
    city: null,
    state: null,
    zip: null,
    license_number: null,
    provider_type: null,
    action: null,
    start_date: null,
    end_date: null,
    end_note: null,
    waiver_date: null,
    waiver_state: null,
    locator,
  };
}

/**
 * Whether the record's exclusion is in force on a date: it has begun (or its start is not
 * published) and has not ended. An end date is the first day it no longer applies (OIG: "the
 * reinstatement date"), so a record ending on the date is not in force on it.
 */
export function inForceOn(r: Pick<ExclusionRecord, 'start_date' | 'end_date'>, date: string): boolean {
  if (r.start_date && r.start_date > date) return false;
  return !r.end_date || r.end_date > date;
}
