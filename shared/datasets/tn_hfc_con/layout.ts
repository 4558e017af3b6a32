/**
 * Column names of the Tennessee certificate-of-need project list (Health Facilities Commission,
 * formerly the Health Services and Development Agency: "Certificate of Need Projects 2000 to
 * Present", an Excel workbook linked from the agency's "Historical CON Projects" page), per layout.
 * Read by header name (case and spacing ignored, shared/publishers/common/header.ts): the first
 * name found wins, so a renamed column needs a new entry here, not a new parser.
 *
 * - `hsda-2018`: the columns of the agency's published project reports (`County`, `Project Number`,
 *   `Project Name`, `Project Description`, `Meeting Date`, `Project Type`, `Total Project Cost`, as
 *   the "Denied Certificate of Need Projects As of August 16, 2018" report prints them), plus the
 *   action column of the all-projects list, whose codes the page documents (A, D, E, M, V/VS, Void,
 *   W, X, alone or combined). The action column's header is not in any document found: `Action`
 *   and the aliases below are assumptions (fixtures/README.md, README Known gaps).
 * The aliases (`CN Number`, `Applicant`, `Description`, `Date`, `Cost`) read the same columns under
 * the shorter names older agency lists use; tests/parser.test.ts reads such a variant.
 */
export const CON_COLUMNS = {
  county: ['County'],
  project: ['Project Number', 'CN Number', 'CON Number', 'Project No.', 'Project #'],
  name: ['Project Name', 'Applicant', 'Applicant Name', 'Facility Name'],
  description: ['Project Description', 'Description'],
  meeting: ['Meeting Date', 'Agency Meeting Date', 'Date'],
  type: ['Project Type', 'Type'],
  cost: ['Total Project Cost', 'Project Cost', 'Estimated Project Cost', 'Cost'],
  action: ['Action', 'Action Code', 'Action Codes', 'Agency Action', 'Status'],
} as const;
export type ConColumn = keyof typeof CON_COLUMNS;

/**
 * Columns without which a sheet is not the list (the header row is found by the first). The action
 * column is required: without it no row's status can be told, and a list read as if every project
 * were pending would be wrong, so a renamed action column fails the load, naming it.
 */
export const REQUIRED: readonly ConColumn[] = ['project', 'name', 'description', 'cost', 'action'];

export const LAYOUT_VERSION = 'hsda-2018';

/** Rows searched for the header (the list opens with a title line, "… As of <date>"). */
export const HEADER_SEARCH_ROWS = 20;
