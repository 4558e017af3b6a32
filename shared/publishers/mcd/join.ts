import type { McdCodeRecord, McdDocType } from './code-lists';
import type { McdDocContractorRecord, McdJurisdictionRecord, McdStateRecord } from './contractors';
import type { ArticleRecord, LcdRecord } from './documents';

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

/**
 * Contractor id to the USPS states it serves, from contractor_jurisdiction.csv joined to
 * state_lookup.csv. With `asOf`, jurisdiction rows whose active/term window excludes the date are
 * left out (a missing active date counts as "always", a missing term date as "open").
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
    if (asOf && ((j.active_date && j.active_date > asOf) || (j.term_date && j.term_date < asOf))) continue;
    const abbrev = abbrevById.get(j.state_id);
    if (!abbrev) continue;
    const set = out.get(j.contractor_id) ?? new Set<string>();
    set.add(abbrev);
    out.set(j.contractor_id, set);
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}

/** True when a code-list row lists `code`, either exactly or as a `FROM-TO` range row. */
export function listsCode(row: McdCodeRecord, code: string): boolean {
  if (row.code === code) return true;
  if (!row.range) return false;
  const m = /^([A-Z0-9]{5})\s*-\s*([A-Z0-9]{5})$/.exec(row.code);
  return !!m && m[1]!.length === code.length && m[1]! <= code && code <= m[2]!;
}

export interface McdListing {
  doc_type: McdDocType;
  doc_id: number;
  doc_version: number;
  display_id: string;
  title: string | null;
  /** Contractors assigned to the document version that serve the state. */
  contractor_ids: number[];
  /** The code-list row that lists the code (its locator is the receipt). */
  code_row: McdCodeRecord;
}

/**
 * The LCDs and articles that list `code` for a contractor serving `state`: code-list rows joined to
 * their document version (for the title and display id), to the contractors assigned to that
 * version, and to the states those contractors serve. Pure: it reads parsed rows of one release.
 */
export function listingsFor(
  tables: {
    lcds: Iterable<LcdRecord>;
    articles: Iterable<ArticleRecord>;
    codes: Iterable<McdCodeRecord>;
    docContractors: Iterable<McdDocContractorRecord>;
    contractorStates: Map<number, string[]>;
  },
  code: string,
  state: string,
): McdListing[] {
  const key = (t: McdDocType, id: number, v: number) => `${t}:${id}:${v}`;
  const titles = new Map<string, { title: string; display: string | null }>();
  for (const l of tables.lcds)
    titles.set(key('lcd', l.lcd_id, l.lcd_version), { title: l.title, display: l.display_id });
  for (const a of tables.articles) {
    titles.set(key('article', a.article_id, a.article_version), { title: a.title, display: a.display_id });
  }
  const serving = new Map<string, number[]>();
  for (const dc of tables.docContractors) {
    if (!(tables.contractorStates.get(dc.contractor_id) ?? []).includes(state)) continue;
    const k = key(dc.doc_type, dc.doc_id, dc.doc_version);
    serving.set(k, [...(serving.get(k) ?? []), dc.contractor_id]);
  }
  const out: McdListing[] = [];
  for (const row of tables.codes) {
    if (!listsCode(row, code)) continue;
    const k = key(row.doc_type, row.doc_id, row.doc_version);
    const contractors = serving.get(k);
    if (!contractors) continue;
    const doc = titles.get(k);
    out.push({
      doc_type: row.doc_type,
      doc_id: row.doc_id,
      doc_version: row.doc_version,
      display_id: doc?.display ?? `${row.doc_type === 'lcd' ? 'L' : 'A'}${row.doc_id}`,
      title: doc?.title ?? null,
      contractor_ids: [...new Set(contractors)].sort((a, b) => a - b),
      code_row: row,
    });
  }
  return out.sort(
    (a, b) => a.doc_type.localeCompare(b.doc_type) || a.doc_id - b.doc_id || a.doc_version - b.doc_version,
  );
}
