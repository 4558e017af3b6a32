import { versionRule } from '../archive/as-of';
import type { CatalogVersion } from '../catalog/timeline';
import type { RowRef } from '../facts/related';
import type { StoredFact } from '../facts/store';
import type { Timeline, TimelineVersion } from '../facts/timeline';
import type { SourceInForce } from './resolve';
import type { Fact, Receipt } from './schema';

export interface ReceiptContext {
  baseUrl: string;
  /** Every version known to the answer, for labels and windows of related rows. */
  versions: Map<number, TimelineVersion>;
  rules: Map<number, 'publisher_effective_window' | 'first_observed'>;
}

/**
 * The receipt context of an answer: every version of the timelines read (related rows may come
 * from versions not in force themselves) and the as-of rule that selected each version in force.
 */
export function receiptContext(
  baseUrl: string,
  timelines: Iterable<Timeline>,
  sources: Iterable<SourceInForce>,
): ReceiptContext {
  const versions = new Map<number, TimelineVersion>();
  for (const t of timelines) for (const v of t.versions) versions.set(v.version_id, v);
  const rules: ReceiptContext['rules'] = new Map();
  for (const src of sources) {
    for (const d of src.docs) if (d.status === 'in_force') rules.set(d.version.version_id, d.rule);
  }
  return { baseUrl, versions, rules };
}

/** A receipt for a row of an archived file: the file's identity, its version and the row locator. */
export function receiptOf(
  ref: RowRef | (Omit<RowRef, 'locator'> & { locator: RowRef['locator'] | null }),
  ctx: ReceiptContext,
): Receipt {
  const v = ctx.versions.get(ref.version_id);
  return {
    source_id: ref.source_id,
    doc_id: ref.doc_id,
    version_id: ref.version_id,
    file_id: `sha256:${ref.sha256}`,
    sha256: ref.sha256,
    file_name: ref.name,
    publisher_version: v?.publisher_version ?? null,
    publisher_effective_from: v?.publisher_effective_from ?? null,
    publisher_effective_to: v?.publisher_effective_to ?? null,
    as_of_rule:
      ctx.rules.get(ref.version_id) ?? (v?.publisher_effective_from ? 'publisher_effective_window' : 'first_observed'),
    locator: ref.locator ? { line: ref.locator.line, record: ref.locator.record } : null,
    file_url: `${ctx.baseUrl}/v1/archive/files/${ref.sha256}`,
  };
}

/** A stored fact as served: its value (shaped by `shape`) and its receipts. */
export function factOf(
  f: StoredFact,
  ctx: ReceiptContext,
  shape: (value: Record<string, unknown>) => Record<string, unknown> = (v) => v,
): Fact {
  const fact: Fact = { kind: f.kind, value: shape(f.value), receipt: receiptOf(f.origin, ctx) };
  if (f.related.length) fact.related_receipts = f.related.map((r) => receiptOf(r, ctx));
  return fact;
}

/** A receipt for a row of a catalog dataset version (the exclusion lists, the provider registry). */
export function catalogReceipt(
  v: CatalogVersion,
  locator: { line: number; record: number } | null,
  baseUrl: string,
): Receipt {
  return {
    source_id: v.source_id,
    doc_id: v.doc_id,
    version_id: v.version_id,
    file_id: `sha256:${v.sha256}`,
    sha256: v.sha256,
    file_name: v.name,
    publisher_version: v.publisher_version,
    publisher_effective_from: v.publisher_effective_from,
    publisher_effective_to: v.publisher_effective_to,
    as_of_rule: versionRule(v),
    locator: locator ? { line: Number(locator.line), record: Number(locator.record) } : null,
    file_url: `${baseUrl}/v1/archive/files/${v.sha256}`,
  };
}
