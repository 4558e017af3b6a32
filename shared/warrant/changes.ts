import { canonicalize } from 'json-canonicalize';
import type { Deps } from '../deps';
import type { Block, Fact, Gap, GapReason } from './schema';
import { buildWarrants, type WarrantAnswer, type WarrantQuery } from './service';

export const BLOCKS = ['standing', 'fee', 'edits', 'documentation'] as const;
export type BlockName = (typeof BLOCKS)[number];

/**
 * Gap reasons that describe what the archive holds (or what the request gave), not what the
 * publisher decided: a block that differs between two dates only because one side has such a gap
 * is an archive-coverage difference, never a policy move.
 */
export const COVERAGE_REASONS: ReadonlySet<GapReason> = new Set<GapReason>([
  'source_not_loaded',
  'no_version_in_force',
  'ambiguous_version',
  'stale_version',
  'missing_release',
  'identity_unresolved',
  'state_required',
  'jurisdiction_not_archived',
  'revision_window_unknown',
]);

/** A difference in what the archive could answer from on the two dates, per source document. */
export interface CoverageDifference {
  source_id: string | null;
  doc_id: string | null;
  /** The coverage gap on each side (null: that side had a version answering). */
  from: { reason: GapReason; detail: string } | null;
  to: { reason: GapReason; detail: string } | null;
}

export interface BlockChange {
  /** Policy moved: a fact in force on one date is absent, added or altered on the other, with both sides answering. */
  changed: boolean;
  /** What changed, in words: facts added, removed or altered. */
  summary: string;
  /** Facts present on one side only because the other side's source could not answer (not policy). */
  coverage_changed: boolean;
  coverage: CoverageDifference[];
  from: { status: Block['status']; version_ids: number[] };
  to: { status: Block['status']; version_ids: number[] };
}

export interface WarrantChanges {
  hcpcs: string;
  from_dos: string;
  to_dos: string;
  npi: string | null;
  state: string | null;
  any_change: boolean;
  any_coverage_difference: boolean;
  blocks: Record<BlockName, BlockChange>;
  from_warrant: WarrantAnswer;
  to_warrant: WarrantAnswer;
}

/** Fields that depend on the date asked, not on the rule: left out of a fact's identity. */
const DATED = new Set(['status_on_date', 'excluded_on_date', 'exclusion_in_force', 'selected_because']);
/** Fields that restate the date asked in words: left out of the compared value too. */
const WORDING = new Set(['detail', 'waiver_note']);

function identity(f: Fact): unknown {
  const v = f.value;
  switch (f.kind) {
    case 'hcpcs_code':
      return v.code;
    case 'dmepos_fee':
      return [v.schedule, v.modifier, v.modifier2];
    case 'mue':
      return v.setting;
    case 'ptp':
      return [v.column1, v.column2, v.setting ?? null];
    case 'lcd':
    case 'article':
      return [v.doc_type, v.doc_id];
    case 'leie':
      return [v.name, v.exclusion_date, v.exclusion_type];
    case 'fee_moot':
      return [v.code, v.reasons];
    default:
      return Object.fromEntries(Object.entries(v).filter(([k]) => !DATED.has(k)));
  }
}

interface Keyed {
  fact: Fact;
  value: string;
}

/** A block's facts by identity (kind and key), each with its comparable value. */
function keyed(b: Block): Map<string, Keyed> {
  const out = new Map<string, Keyed>();
  for (const f of b.facts) {
    const value = Object.fromEntries(Object.entries(f.value).filter(([k]) => !WORDING.has(k)));
    out.set(canonicalize({ kind: f.kind, key: identity(f) }), {
      fact: f,
      value: canonicalize({ kind: f.kind, value }),
    });
  }
  return out;
}

/** The coverage gaps of a block, by source document (and by source, for gaps without a document). */
function coverageGaps(b: Block): Gap[] {
  return b.gaps.filter((g) => COVERAGE_REASONS.has(g.reason));
}

/**
 * Whether a fact missing on the other side is explained by that side's coverage gap: a gap of the
 * fact's source for its document, for the whole source, or for another document of the source
 * when the other side holds no fact of that source at all (a stale full list also silences its
 * supplements).
 */
function explainedBy(f: Fact, other: Block): boolean {
  const src = f.receipt.source_id;
  const silent = !other.facts.some((x) => x.receipt.source_id === src);
  return coverageGaps(other).some(
    (g) => g.source_id === src && (g.doc_id === null || g.doc_id === f.receipt.doc_id || silent),
  );
}

function versionIds(b: Block): number[] {
  return [...new Set(b.facts.map((f) => f.receipt.version_id))].sort((a, b2) => a - b2);
}

/**
 * Compare one block between two dates. A fact added, removed or with a different value is a policy
 * move, unless the side lacking it has a coverage gap for its source (the archive could not answer
 * there): that is reported under `coverage` instead. A gap that appears or disappears is a policy
 * move only when its reason is not about coverage (e.g. `code_not_in_version` on one side and a
 * fact on the other is covered by the fact comparison; `not_in_force_on_date` is policy).
 */
export function compareBlock(a: Block, b: Block): BlockChange {
  const ka = keyed(a);
  const kb = keyed(b);
  let added = 0;
  let removed = 0;
  let altered = 0;
  let coverageOnly = 0;
  for (const [id, x] of kb) {
    const y = ka.get(id);
    if (!y) {
      if (explainedBy(x.fact, a)) coverageOnly++;
      else added++;
    } else if (y.value !== x.value) altered++;
  }
  for (const [id, y] of ka) {
    if (kb.has(id)) continue;
    if (explainedBy(y.fact, b)) coverageOnly++;
    else removed++;
  }
  const coverage = coverageDiff(coverageGaps(a), coverageGaps(b));
  const changed = added + removed + altered > 0;
  const parts = [added && `${added} added`, removed && `${removed} removed`, altered && `${altered} changed`].filter(
    Boolean,
  );
  const coverageNote = coverage.length || coverageOnly ? 'archive coverage differs (not a policy move)' : '';
  return {
    changed,
    summary: changed ? [parts.join(', '), coverageNote].filter(Boolean).join('; ') : coverageNote || 'no change',
    coverage_changed: coverage.length > 0 || coverageOnly > 0,
    coverage,
    from: { status: a.status, version_ids: versionIds(a) },
    to: { status: b.status, version_ids: versionIds(b) },
  };
}

function coverageDiff(a: Gap[], b: Gap[]): CoverageDifference[] {
  const key = (g: Gap) => `${g.source_id ?? ''}|${g.doc_id ?? ''}|${g.kind}`;
  const ma = new Map(a.map((g) => [key(g), g]));
  const mb = new Map(b.map((g) => [key(g), g]));
  const out: CoverageDifference[] = [];
  for (const k of [...new Set([...ma.keys(), ...mb.keys()])].sort()) {
    const x = ma.get(k);
    const y = mb.get(k);
    if (x && y && x.reason === y.reason) continue;
    const g = (x ?? y)!;
    out.push({
      source_id: g.source_id,
      doc_id: g.doc_id,
      from: x ? { reason: x.reason, detail: x.detail } : null,
      to: y ? { reason: y.reason, detail: y.detail } : null,
    });
  }
  return out;
}

/** Whether policy moved between the claim's date of service and a later date, per block. */
export async function warrantChanges(
  deps: Deps,
  q: Omit<WarrantQuery, 'asOf'> & { from: string; to: string },
): Promise<WarrantChanges> {
  const [a, b] = (await buildWarrants(deps, q, [q.from, q.to])) as [WarrantAnswer, WarrantAnswer];
  const blocks = Object.fromEntries(BLOCKS.map((n) => [n, compareBlock(a[n], b[n])])) as Record<BlockName, BlockChange>;
  return {
    hcpcs: q.hcpcs,
    from_dos: q.from,
    to_dos: q.to,
    npi: q.npi ?? null,
    state: q.state ?? null,
    any_change: Object.values(blocks).some((x) => x.changed),
    any_coverage_difference: Object.values(blocks).some((x) => x.coverage_changed),
    blocks,
    from_warrant: a,
    to_warrant: b,
  };
}
