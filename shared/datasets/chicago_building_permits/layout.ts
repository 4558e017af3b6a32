/**
 * Field names of the Chicago Data Portal "Building Permits" resource (ydr8-5enu) as its SODA API
 * answers them (https://data.cityofchicago.org/resource/ydr8-5enu.json; the dataset's column list
 * on its portal page and in its metadata, /api/views/ydr8-5enu.json), per layout. Read by name:
 * the first name found wins, so a renamed field needs a new entry here, not a new parser.
 *
 * - `soda-2024`: the names the resource serves today (`permit_`, `permit_type`, `reported_cost`,
 *   `application_start_date`, `issue_date`, `street_number`, `street_direction`, `street_name`,
 *   `work_description`, `permit_status`, `contact_N_name`).
 * Optional fields (`suffix`, `permit_status`) may be absent from a row: SODA omits null fields.
 */
export const PERMIT_FIELDS = {
  id: ['id'],
  permit: ['permit_'],
  permit_type: ['permit_type'],
  status: ['permit_status'],
  filed: ['application_start_date'],
  issued: ['issue_date'],
  street_number: ['street_number'],
  street_direction: ['street_direction'],
  street_name: ['street_name'],
  suffix: ['suffix'],
  description: ['work_description'],
  cost: ['reported_cost'],
} as const;
export type PermitField = keyof typeof PERMIT_FIELDS;

export const LAYOUT_VERSION = 'soda-2024';

/** Contacts are `contact_1_name` … `contact_15_name` (owner, architect, contractors). */
export const CONTACT_NAME = /^contact_(\d+)_name$/;
