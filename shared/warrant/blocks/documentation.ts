import type { McdDocumentationValue } from '../../datasets/cms_mcd/join';
import type { RevisionWindow } from '../../datasets/cms_mcd/windows';
import type { StoredFact } from '../../facts/store';
import { getSource } from '../../sources/registry';
import { factOf, type ReceiptContext } from '../receipt';
import { type SourceInForce, sourceGaps, stateRequired, unansweredGaps } from '../resolve';
import { type Block, block, type Gap, type GapReason } from '../schema';

const KIND = 'coverage_document';
/** The tables the contractor-to-state join reads (file base names, as in `missing_tables`). */
const STATE_JOIN_TABLES = ['lcd_x_contractor', 'article_x_contractor', 'contractor_jurisdiction', 'state_lookup'];

/** What the facts of a code say on a date for a state (see documentationBlock). */
export interface DocumentationSelection {
  /** In force on the date and assigned to a contractor serving the state: cited. */
  cited: StoredFact[];
  /** Listed (for the state, or where the state is unknown) by revisions outside their window on the date. */
  notInForce: StoredFact[];
  /** Possibly in force, but the contractor-to-state join could not be made at load time. */
  noJurisdiction: StoredFact[];
  /** Possibly serving the state, but when the revision applies is not known. */
  windowUnknown: StoredFact[];
}

// Reading a stored revision window (computed at load time by shared/datasets/cms_mcd/windows.ts).
// The MCD value types are imported as types only: the warrant never imports a dataset folder at run time.

/**
 * Whether a version applies on `date`: `in` inside its window, `out` outside it (or superseded),
 * `unknown` when the window could not be established (never cited as in force).
 */
export function windowOn(w: RevisionWindow | null | undefined, date: string): 'in' | 'out' | 'unknown' {
  if (!w) return 'unknown';
  if (w.status === 'superseded') return 'out';
  if (w.status !== 'known' || !w.from) return 'unknown';
  return date >= w.from && (w.to === null || date <= w.to) ? 'in' : 'out';
}

/** The window in words, for gap details: `2025-04-15 to open`, `2024-10-01 to 2025-04-14 (rev_end_date)`. */
export function describeWindow(w: RevisionWindow | null | undefined): string {
  if (!w) return 'window not recorded';
  if (w.status === 'superseded') return `superseded by version ${w.superseded_by} starting ${w.from}`;
  if (w.status !== 'known') return `window unknown: ${w.status.replace(/_/g, ' ')}`;
  return `${w.from} to ${w.to ?? 'open'}${w.end_basis ? ` (${w.end_basis.replace(/_/g, ' ')})` : ''}`;
}

const docValue = (f: StoredFact) => f.value as unknown as Partial<McdDocumentationValue>;
const label = (f: StoredFact) => `${docValue(f).display_id ?? f.kind} v${docValue(f).doc_version ?? '?'}`;

/**
 * Sort a code's LCD and article facts for one date of service and state. A fact serves the state
 * when one of its contractors does (`states` null: not known). Its revision window (stored at load
 * time) decides whether it applies on the date; an unknown window or an unknown state never counts
 * as applying. Of several revisions of one document applying on the date, only the latest start
 * (then the highest version) is cited.
 */
export function selectDocumentation(facts: StoredFact[], date: string, state: string): DocumentationSelection {
  const out: DocumentationSelection = { cited: [], notInForce: [], noJurisdiction: [], windowUnknown: [] };
  for (const f of facts) {
    if (f.kind !== 'lcd' && f.kind !== 'article') continue;
    const v = docValue(f);
    const states = Array.isArray(v.states) ? v.states : null;
    if (states && !states.includes(state)) continue;
    const on = windowOn(v.revision_window, date);
    if (on === 'out') {
      out.notInForce.push(f);
      continue;
    }
    if (!states) out.noJurisdiction.push(f);
    if (on === 'unknown') out.windowUnknown.push(f);
    if (states && on === 'in') out.cited.push(f);
  }
  const latest = new Map<string, { from: string; version: number }>();
  const docKey = (f: StoredFact) => `${f.kind}:${docValue(f).doc_id}`;
  const rank = (f: StoredFact) => ({
    from: docValue(f).revision_window?.from ?? '',
    version: docValue(f).doc_version ?? 0,
  });
  for (const f of out.cited) {
    const r = rank(f);
    const best = latest.get(docKey(f));
    if (!best || r.from > best.from || (r.from === best.from && r.version > best.version)) latest.set(docKey(f), r);
  }
  out.cited = out.cited.filter((f) => {
    const best = latest.get(docKey(f))!;
    const r = rank(f);
    return r.from === best.from && r.version === best.version;
  });
  return out;
}

function tableDocId(sourceId: string, table: string): string | null {
  return getSource(sourceId)?.docs.find((d) => d.match.test(`${table}.csv`))?.docId ?? null;
}

/** Why a revision window is unknown, in words (the document table is lcd.csv or article.csv). */
function windowWhy(f: StoredFact): string {
  const table = `${f.kind}.csv`;
  switch (docValue(f).revision_window?.status) {
    case 'document_table_not_archived':
      return `${table} is not archived for this release`;
    case 'document_row_missing':
      return `${table} has no row for this version`;
    case 'no_effective_date':
      return `${table} states no effective date for this version`;
    case 'retired_without_date':
      return `${table} marks this version retired (status R) without a date`;
    default:
      return 'no revision window was stored when the version was loaded; reload it';
  }
}

/**
 * Documentation: the LCDs and articles in force on the date of service that list the code and are
 * assigned to a contractor serving the state (a state is required: contractors are per
 * jurisdiction). Each cited fact carries its code group, the group's paragraph and what the data
 * says about coverage (`coverage_meaning`). What cannot be established is a gap, never a citation:
 * no contractor-to-state table (`jurisdiction_not_archived`), no revision dates
 * (`revision_window_unknown`); a code listed only by revisions not applying on the date is
 * `not_in_force_on_date`, naming their windows, rather than "not in version".
 */
export function documentationBlock(input: {
  code: string;
  asOf: string;
  state?: string;
  source: SourceInForce;
  facts: StoredFact[];
  ctx: ReceiptContext;
}): Block {
  if (!input.state) {
    return stateRequired(
      KIND,
      input.source,
      'LCDs and articles apply per contractor jurisdiction: pass state (two letters).',
    );
  }
  const { code, asOf, state, source } = input;
  const sel = selectDocumentation(input.facts, asOf, state);
  const gap = (reason: GapReason, detail: string, doc_id: string | null = null): Gap => ({
    kind: KIND,
    reason,
    detail,
    source_id: source.source_id,
    doc_id,
  });
  const gaps: Gap[] = [];
  if (sel.noJurisdiction.length) {
    const missing = [...new Set(sel.noJurisdiction.flatMap((f) => docValue(f).missing_tables ?? []))].filter((t) =>
      STATE_JOIN_TABLES.includes(t),
    );
    const names = missing.length ? missing.map((t) => `${t}.csv`).join(', ') : 'the contractor-to-state tables';
    gaps.push(
      gap(
        'jurisdiction_not_archived',
        `${[...new Set(sel.noJurisdiction.map(label))].join(', ')} list ${code}, but the contractor-to-state join could not be made: ${names} ${missing.length > 1 ? 'are' : 'is'} not archived for this MCD release, so whether their contractors serve ${state} is not known.`,
        missing.length === 1 ? tableDocId(source.source_id, missing[0]!) : null,
      ),
    );
  }
  if (sel.windowUnknown.length) {
    const each = [...new Set(sel.windowUnknown.map((f) => `${label(f)} (${windowWhy(f)})`))];
    gaps.push(
      gap(
        'revision_window_unknown',
        `${each.join('; ')}: when these revisions listing ${code} apply is not known, so none is cited for ${asOf}.`,
      ),
    );
  }
  if (!sel.cited.length && !gaps.length) {
    if (sel.notInForce.length) {
      const each = [
        ...new Set(sel.notInForce.map((f) => `${label(f)} (${describeWindow(docValue(f).revision_window)})`)),
      ];
      return block(
        [],
        [
          gap(
            'not_in_force_on_date',
            `${code} is listed${sel.notInForce.every((f) => Array.isArray(docValue(f).states)) ? ` for a contractor serving ${state}` : ''} only by revisions not in force on ${asOf}: ${each.join('; ')}.`,
          ),
        ],
      );
    }
    return block(
      [],
      sourceGaps(source, KIND, `No LCD or article in force lists ${code} for a contractor serving ${state}.`),
    );
  }
  // A code list of the release that cannot answer (stale, not loaded) is named even when the
  // other one cited facts: the block is then partial, never silently complete.
  return block(
    sel.cited.map((f) => factOf(f, input.ctx)),
    [...gaps, ...unansweredGaps(source, KIND)],
  );
}
