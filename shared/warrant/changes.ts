import { canonicalize } from 'json-canonicalize';
import type { Deps } from '../deps';
import type { Block } from './schema';
import { buildWarrants, type WarrantAnswer, type WarrantQuery } from './service';

export const BLOCKS = ['standing', 'fee', 'edits', 'documentation'] as const;
export type BlockName = (typeof BLOCKS)[number];

export interface BlockChange {
  changed: boolean;
  /** What changed, in words: facts added, removed or altered. */
  summary: string;
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
  blocks: Record<BlockName, BlockChange>;
  from_warrant: WarrantAnswer;
  to_warrant: WarrantAnswer;
}

/** A fact's identity for comparison: its kind and value, not the version that carried it. */
function factKeys(b: Block): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of b.facts) {
    const { status_on_date: _s, excluded_on_date: _e, ...stable } = f.value as Record<string, unknown>;
    const id = canonicalize({ kind: f.kind, key: identity(f.kind, stable) });
    out.set(id, canonicalize({ kind: f.kind, value: f.value }));
  }
  return out;
}

function identity(kind: string, v: Record<string, unknown>): unknown {
  switch (kind) {
    case 'dmepos_fee':
      return [v.schedule, v.modifier, v.modifier2];
    case 'mue':
      return v.setting;
    case 'ptp':
      return [v.column1, v.column2];
    case 'lcd':
    case 'article':
      return [v.doc_type, v.doc_id];
    default:
      return v;
  }
}

function versionIds(b: Block): number[] {
  return [...new Set(b.facts.map((f) => f.receipt.version_id))].sort((a, b2) => a - b2);
}

/** Compare one block between two dates: facts added, removed or with a different value. */
export function compareBlock(a: Block, b: Block): BlockChange {
  const ka = factKeys(a);
  const kb = factKeys(b);
  let added = 0;
  let removed = 0;
  let altered = 0;
  for (const [id, val] of kb) {
    if (!ka.has(id)) added++;
    else if (ka.get(id) !== val) altered++;
  }
  for (const id of ka.keys()) if (!kb.has(id)) removed++;
  const gapsDiffer =
    canonicalize(a.gaps.map((g) => [g.kind, g.reason])) !== canonicalize(b.gaps.map((g) => [g.kind, g.reason]));
  const changed = added + removed + altered > 0 || gapsDiffer || a.status !== b.status;
  const parts = [
    added && `${added} added`,
    removed && `${removed} removed`,
    altered && `${altered} changed`,
    gapsDiffer && 'gaps differ',
  ].filter(Boolean);
  return {
    changed,
    summary: changed ? parts.join(', ') || `status ${a.status} -> ${b.status}` : 'no change',
    from: { status: a.status, version_ids: versionIds(a) },
    to: { status: b.status, version_ids: versionIds(b) },
  };
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
    blocks,
    from_warrant: a,
    to_warrant: b,
  };
}
