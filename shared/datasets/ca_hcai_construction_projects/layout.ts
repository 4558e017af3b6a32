/**
 * Column names of HCAI's "Projects by County" report export (HCAI Report Center, division Office
 * of Statewide Hospital Planning and Development, report "Projects by County": one row per
 * project, grouped by county and facility), per layout. The report is a SQL Server Reporting
 * Services report: its CSV export names each column after the report item that prints it, so the
 * unnamed text boxes come out as `TextboxNNN` and are renumbered whenever HCAI edits the report.
 * Hence a versioned map read by header name, a layout chosen by its marker column, never a parser
 * per export.
 *
 * - `report38-textbox@2026-09`: the export as a public third-party loader read a 45,132-row pull
 *   of 2026-09-08 (fixtures/README.md names it): `Textbox145` report title ("All Projects by
 *   Facility within Counties as of MM/DD/YYYY"), `Textbox139` county ("19 - Los Angeles"),
 *   `Textbox140` facility ("<facility number> - <NAME>" and, on the next line of the same cell,
 *   the street address), `Textbox126` compliance officer, `ProjNo`, `ParentId`, `ScopeofWork`,
 *   `FileDate` (MM/DD/YYYY), `Costs` (`$1,234.00`; `-` or empty: not stated), `PctComplete`,
 *   `Status`, `Textbox28` / `Textbox170` (the facility's running totals, not read).
 * - `report38-captions@1`: the same report with its items named after the captions it prints
 *   (`Report Title`, `County`, `Facility`, `Project Number`, `Parent Project`, `Scope of Work`,
 *   `File Date`, `Estimated Cost`, `% Complete`, `Project Status`). NOT observed in a real export:
 *   declared so that a renamed export reads the same (see the Known gaps of the README).
 */
export const PROJECT_FIELDS = {
  title: { 'report38-textbox@2026-09': ['Textbox145'], 'report38-captions@1': ['Report Title'] },
  county: { 'report38-textbox@2026-09': ['Textbox139'], 'report38-captions@1': ['County'] },
  facility: { 'report38-textbox@2026-09': ['Textbox140'], 'report38-captions@1': ['Facility'] },
  project: { 'report38-textbox@2026-09': ['ProjNo'], 'report38-captions@1': ['Project Number'] },
  parent: { 'report38-textbox@2026-09': ['ParentId'], 'report38-captions@1': ['Parent Project'] },
  scope: { 'report38-textbox@2026-09': ['ScopeofWork'], 'report38-captions@1': ['Scope of Work'] },
  filed: { 'report38-textbox@2026-09': ['FileDate'], 'report38-captions@1': ['File Date'] },
  cost: { 'report38-textbox@2026-09': ['Costs'], 'report38-captions@1': ['Estimated Cost'] },
  pct: { 'report38-textbox@2026-09': ['PctComplete'], 'report38-captions@1': ['% Complete'] },
  status: { 'report38-textbox@2026-09': ['Status'], 'report38-captions@1': ['Project Status'] },
} as const;

export type ProjectField = keyof typeof PROJECT_FIELDS;
export const LAYOUTS = ['report38-textbox@2026-09', 'report38-captions@1'] as const;
export type LayoutId = (typeof LAYOUTS)[number];

/** The column whose presence picks a layout (checked in LAYOUTS order). */
export const MARKER: Record<LayoutId, ProjectField> = {
  'report38-textbox@2026-09': 'project',
  'report38-captions@1': 'project',
};

/** Columns a row cannot be read without; the others may be missing from an export. */
export const REQUIRED: readonly ProjectField[] = ['facility', 'project', 'scope', 'filed', 'status'];

/** "All Projects by Facility within Counties as of 03/04/2024": the report's own date. */
export const REPORT_DATE = /\bas of (\d{1,2})\/(\d{1,2})\/(\d{4})\b/i;
