import type { Located } from '../../publishers/common/types';
import type { McdCodeGroupRecord, McdCodeRecord, McdDocType } from './code-lists';
import type { McdContractorRecord, McdDocContractorRecord, McdJurisdictionRecord, McdStateRecord } from './contractors';
import type { ArticleRecord, LcdRecord } from './documents';
import { paragraphText } from './paragraph';
import { articleWindows, lcdWindows, type RevisionWindow, unknownWindow, windowKey } from './windows';

/** MCD sub-state areas (state_lookup.csv) and the USPS state they lie in. */
const SUB_STATE: Readonly<Record<string, string>> = {
  EM: 'MO',
  WM: 'MO',
  DN: 'NY',
  QN: 'NY',
  UN: 'NY',
  NF: 'CA',
  SF: 'CA',
  CNMI: 'MP',
};

/** The USPS code an MCD state abbreviation stands for (`EM` Missouri - Northeastern & Southern is MO). */
export function uspsState(abbrev: string): string {
  const a = abbrev.trim().toUpperCase();
  return SUB_STATE[a] ?? a;
}

/** Whether a contractor_jurisdiction row is active on `asOf` (no active date: always; no term date: open). */
export function jurisdictionActive(j: McdJurisdictionRecord, asOf: string): boolean {
  return !((j.active_date && j.active_date > asOf) || (j.term_date && j.term_date < asOf));
}

/**
 * Contractor id to the USPS states it serves, from contractor_jurisdiction.csv joined to
 * state_lookup.csv. With `asOf`, jurisdiction rows inactive on that date are left out.
 */
export function contractorStates(
  jurisdictions: Iterable<McdJurisdictionRecord>,
  states: Iterable<McdStateRecord>,
  asOf?: string,
): Map<number, string[]> {
  const abbrevById = new Map<number, string>();
  for (const s of states) abbrevById.set(s.state_id, uspsState(s.state_abbrev));
  const out = new Map<number, Set<string>>();
  for (const j of jurisdictions) {
    if (asOf && !jurisdictionActive(j, asOf)) continue;
    const abbrev = abbrevById.get(j.state_id);
    if (!abbrev) continue;
    out.set(j.contractor_id, (out.get(j.contractor_id) ?? new Set<string>()).add(abbrev));
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}

/** Codes a code-list row stands for: the code itself, or each code of a `FROM-TO` range row with one alphabetic prefix. */
export function expandCodes(row: McdCodeRecord): string[] {
  if (!row.range) return [row.code];
  const m = /^([A-Z]?)(\d{4,5})\s*-\s*([A-Z]?)(\d{4,5})$/.exec(row.code);
  if (!m || m[1] !== m[3] || m[2]!.length !== m[4]!.length) return [row.code];
  const lo = Number(m[2]);
  const hi = Number(m[4]);
  if (hi < lo || hi - lo > 2000) return [row.code];
  return Array.from({ length: hi - lo + 1 }, (_, i) => `${m[1]}${String(lo + i).padStart(m[2]!.length, '0')}`);
}

/** True when a code-list row lists `code`, either exactly or within a `FROM-TO` range row. */
export function listsCode(row: McdCodeRecord, code: string): boolean {
  return expandCodes(row).includes(code);
}

/** The sibling tables joined into a code-list row; each names the file it is read from. */
export type McdJoinTable = 'document' | 'code_group' | 'doc_contractor' | 'contractor' | 'jurisdiction' | 'state';

export function joinTableFile(docType: McdDocType, t: McdJoinTable): string {
  switch (t) {
    case 'document':
      return docType;
    case 'code_group':
      return `${docType}_x_hcpc_code_group`;
    case 'doc_contractor':
      return `${docType}_x_contractor`;
    case 'contractor':
      return 'contractor';
    case 'jurisdiction':
      return 'contractor_jurisdiction';
    case 'state':
      return 'state_lookup';
  }
}

/**
 * One release's sibling tables for a code list. A table left undefined is not archived (no version
 * in force for the load); an archived table without a row for the document is an empty array.
 */
export interface McdReleaseTables {
  docType: McdDocType;
  documents?: readonly (LcdRecord | ArticleRecord)[];
  groups?: readonly McdCodeGroupRecord[];
  docContractors?: readonly McdDocContractorRecord[];
  contractors?: readonly McdContractorRecord[];
  jurisdictions?: readonly McdJurisdictionRecord[];
  states?: readonly McdStateRecord[];
}

/**
 * What the code-group row says about coverage. The MCD data dictionaries give HCPCS/CPT code
 * groups only a number ("identification number for the section of CPT/HCPCS codes created by the
 * user") and a free-text `paragraph` ("description of CPT/HCPCS code section entered by user"):
 * no covered / non-covered column or table exists for them (only ICD-10 diagnosis codes have
 * article_x_icd10_covered / _noncovered). So the meaning is never inferred from wording:
 * `stated_in_paragraph` (read the paragraph), `not_stated` (no paragraph for the group),
 * `group_table_not_archived` (the group table was not archived for this release).
 */
export type CoverageMeaning = 'stated_in_paragraph' | 'not_stated' | 'group_table_not_archived';

export interface McdContractorValue {
  contractor_id: number;
  contractor_number: string | null;
  name: string | null;
  /** USPS states served on the load date; null when the contractor-to-state join could not be made. */
  states: string[] | null;
}

/** The value of one documentation fact (one code-list row joined to its release). */
export interface McdDocumentationValue {
  doc_type: McdDocType;
  doc_id: number;
  doc_version: number;
  display_id: string;
  title: string | null;
  status: string | null;
  listed_as: string;
  range: boolean;
  code_group: number | null;
  coverage_meaning: CoverageMeaning;
  /** The group's paragraph as plain text (HTML dropped, references decoded); null when none. */
  code_group_paragraph: string | null;
  /** When the revision applies (see windows.ts); checked against the date of service by the block. */
  revision_window: RevisionWindow;
  contractors: McdContractorValue[];
  /** Union of the contractors' states; null when the contractor-to-state join could not be made. */
  states: string[] | null;
  /** Sibling tables not archived for this release (file base names), e.g. `contractor_jurisdiction`. */
  missing_tables: string[];
}

export interface McdJoined {
  value: McdDocumentationValue;
  /** The rows joined in, in the order they were read, each with the table it came from. */
  related: { table: McdJoinTable; row: Located }[];
}

/**
 * The one MCD join (used by the fact loader): a code-list row joined to its document version
 * (title, status, revision window), its code group (paragraph), the contractors the version is
 * assigned to, and the states those contractors serve on `at` (contractor_jurisdiction.csv +
 * state_lookup.csv). Pure: it reads parsed rows of one release. Missing tables are named in
 * `missing_tables`; a missing state map leaves `states` null instead of empty.
 */
export function mcdJoin(t: McdReleaseTables, at: string): (row: McdCodeRecord) => McdJoined {
  const key = windowKey;
  const docs = new Map<string, LcdRecord | ArticleRecord>();
  for (const d of t.documents ?? []) {
    docs.set('lcd_id' in d ? key(d.lcd_id, d.lcd_version) : key(d.article_id, d.article_version), d);
  }
  const windows = t.documents
    ? t.docType === 'lcd'
      ? lcdWindows(t.documents as LcdRecord[])
      : articleWindows(t.documents as ArticleRecord[])
    : undefined;
  const groups = new Map((t.groups ?? []).map((g) => [`${key(g.doc_id, g.doc_version)}:${g.code_group}`, g]));
  const assigned = new Map<string, McdDocContractorRecord[]>();
  for (const a of t.docContractors ?? []) {
    const k = key(a.doc_id, a.doc_version);
    assigned.set(k, [...(assigned.get(k) ?? []), a]);
  }
  const contractors = new Map((t.contractors ?? []).map((c) => [c.contractor_id, c]));
  const abbrev = new Map((t.states ?? []).map((s) => [s.state_id, uspsState(s.state_abbrev)]));
  const served = new Map<number, McdJurisdictionRecord[]>();
  for (const j of t.jurisdictions ?? []) {
    if (jurisdictionActive(j, at)) served.set(j.contractor_id, [...(served.get(j.contractor_id) ?? []), j]);
  }
  const missing: McdJoinTable[] = [];
  if (!t.documents) missing.push('document');
  if (!t.groups) missing.push('code_group');
  if (!t.docContractors) missing.push('doc_contractor');
  if (!t.contractors) missing.push('contractor');
  if (!t.jurisdictions) missing.push('jurisdiction');
  if (!t.states) missing.push('state');
  const stateJoin = !!(t.docContractors && t.jurisdictions && t.states);

  return (row) => {
    const k = key(row.doc_id, row.doc_version);
    const related: McdJoined['related'] = [];
    const doc = docs.get(k);
    if (doc) related.push({ table: 'document', row: doc });
    const group = row.code_group === null ? undefined : groups.get(`${k}:${row.code_group}`);
    if (group) related.push({ table: 'code_group', row: group });
    const paragraph = paragraphText(group?.paragraph);
    const contractorList = (assigned.get(k) ?? []).map((a): McdContractorValue => {
      related.push({ table: 'doc_contractor', row: a });
      const c = contractors.get(a.contractor_id);
      if (c) related.push({ table: 'contractor', row: c });
      const rows = served.get(a.contractor_id) ?? [];
      for (const j of rows) related.push({ table: 'jurisdiction', row: j });
      const states = rows.map((j) => abbrev.get(j.state_id)).filter((s): s is string => !!s);
      return {
        contractor_id: a.contractor_id,
        contractor_number: c?.contractor_number ?? null,
        name: c?.business_name ?? null,
        states: stateJoin ? [...new Set(states)].sort() : null,
      };
    });
    const window: RevisionWindow = !windows
      ? unknownWindow('document_table_not_archived')
      : (windows.get(k) ?? unknownWindow('document_row_missing'));
    return {
      value: {
        doc_type: t.docType,
        doc_id: row.doc_id,
        doc_version: row.doc_version,
        display_id: doc?.display_id ?? `${t.docType === 'lcd' ? 'L' : 'A'}${row.doc_id}`,
        title: doc?.title ?? null,
        status: doc?.status ?? null,
        listed_as: row.code,
        range: row.range,
        code_group: row.code_group,
        coverage_meaning: !t.groups ? 'group_table_not_archived' : paragraph ? 'stated_in_paragraph' : 'not_stated',
        code_group_paragraph: paragraph,
        revision_window: window,
        contractors: contractorList,
        states: stateJoin ? [...new Set(contractorList.flatMap((c) => c.states ?? []))].sort() : null,
        missing_tables: missing.map((m) => joinTableFile(t.docType, m)),
      },
      related,
    };
  };
}

export interface McdListing {
  value: McdDocumentationValue;
  /** The code-list row that lists the code (its locator is the receipt). */
  code_row: McdCodeRecord;
}

/**
 * The LCDs and articles of one release that list `code` for a contractor serving `state` on `at`:
 * the loader's join, filtered as the documentation block filters by state (not by date).
 */
export function listingsFor(
  tables: McdReleaseTables & { codes: Iterable<McdCodeRecord> },
  code: string,
  state: string,
  at: string,
): McdListing[] {
  const join = mcdJoin(tables, at);
  const out: McdListing[] = [];
  for (const row of tables.codes) {
    if (row.doc_type !== tables.docType || !listsCode(row, code)) continue;
    const { value } = join(row);
    if (value.states?.includes(state)) out.push({ value, code_row: row });
  }
  return out.sort((a, b) => a.value.doc_id - b.value.doc_id || a.value.doc_version - b.value.doc_version);
}
