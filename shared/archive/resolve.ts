import { getDocDecl } from '../sources/registry';
import type { Table } from '../storage/table';
import { AS_OF_METHOD, type AsOfRule, decideAsOf, type Freshness, type GapReason, type TimelineKind } from './as-of';
import { docKey, VERSION_PREFIX } from './keys';
import { asOfPolicyOfDoc } from './policy';
import { toVersionRecord, type VersionRecord } from './version-record';

export interface AsOfAnswer {
  doc_id: string;
  date: string;
  status: 'resolved' | 'gap';
  rule: AsOfRule | null;
  timeline: TimelineKind | null;
  method: string;
  version: VersionRecord | null;
  sha256: string | null;
  window: { from: string; to: string | null } | null;
  superseded: VersionRecord[];
  freshness: Freshness | null;
  gap: {
    reason: GapReason;
    detail: string;
    candidate_version_ids: number[];
    missing_releases?: string[];
    freshness?: Freshness;
  } | null;
}

/**
 * Every version of a document, in version_id order (bounded: a document gains a few per quarter),
 * each with `last_seen_at` when a later fetch saw its bytes again as the newest version.
 */
export async function loadVersions(table: Table, docId: string): Promise<VersionRecord[]> {
  const items = await table.queryAll(docKey(docId).pk, { beginsWith: VERSION_PREFIX, consistent: true });
  return items.map(toVersionRecord);
}

/** Whether a document is known: declared in the registry or holding archived versions. */
export async function documentExists(table: Table, docId: string): Promise<boolean> {
  return Boolean(getDocDecl(docId)) || Boolean(await table.get(docKey(docId)));
}

/**
 * The version of `docId` in force on `date` (YYYY-MM-DD), decided by shared/archive/as-of.ts:
 * either a version with the rule that decided it, or an honest gap with a reason code. Returns
 * undefined for a document the archive does not know (neither declared nor archived), so the
 * caller can answer 404. Callers: GET /archive/docs/{doc_id}/as-of and the warrant resolver.
 */
export async function resolveAsOf(table: Table, docId: string, date: string): Promise<AsOfAnswer | undefined> {
  const versions = await loadVersions(table, docId);
  if (!versions.length && !(await documentExists(table, docId))) return undefined;
  const d = decideAsOf(versions, date, asOfPolicyOfDoc(docId));
  const common = { doc_id: docId, date, status: d.status, rule: d.rule, timeline: d.timeline, method: AS_OF_METHOD };
  if (d.status === 'resolved') {
    return {
      ...common,
      version: d.version,
      sha256: d.version.sha256,
      window: d.window,
      superseded: d.superseded,
      freshness: d.freshness,
      gap: null,
    };
  }
  return {
    ...common,
    version: null,
    sha256: null,
    window: null,
    superseded: [],
    freshness: null,
    gap: {
      reason: d.reason,
      detail: d.detail,
      candidate_version_ids: d.candidates.map((c) => c.version_id),
      ...(d.missing_releases ? { missing_releases: d.missing_releases } : {}),
      ...(d.freshness ? { freshness: d.freshness } : {}),
    },
  };
}
