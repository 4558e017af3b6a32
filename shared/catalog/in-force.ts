import { decideAsOf, type GapReason, startOf } from '../archive/as-of';
import { asOfPolicy } from '../archive/policy';
import { needsHistory } from '../archive/timeline-head';
import type { CatalogDataset } from './dataset';
import { docsOf, sourcesOf } from './dataset';
import type { CatalogVersion, SourceTimeline } from './timeline';

/**
 * Which loaded versions of a dataset answer for a date, per source, and what is missing.
 *
 * - Snapshot documents: the archive's as-of rule (archive/as-of.ts `decideAsOf`) picks the version
 *   in force on the date, or reports why none is.
 * - Supplement documents: every version whose start (its publisher effective date, else the UTC
 *   day it was first observed) is on or after the start of the snapshot in force and on or before
 *   the date, oldest first. A supplement of the same day as the snapshot is applied too: the full
 *   list already holds its additions (rows merge as one exclusion), but it has dropped the rows
 *   the month's reinstatements end, and only the supplement still says they applied until their
 *   reinstatement date. When the source has snapshot versions but none can answer for the date
 *   (stale, a missing release, not yet begun), its supplements are not used either.
 * - Freshness: the source's declared cadence applies (shared/archive/policy.ts), so a snapshot
 *   past its critical age is a `stale_version` gap, never a silent answer from an old list.
 *
 * A version in force that is archived but not loaded is a gap (`not_loaded`, or `no_layout` when
 * no parser reads its file), never replaced by an older loaded version.
 */
export type CatalogGapReason = GapReason | 'not_archived' | 'not_loaded' | 'no_layout';

export interface CatalogGap {
  source_id: string;
  doc_id: string | null;
  reason: CatalogGapReason;
  detail: string;
}

export interface SourceInForce {
  source_id: string;
  /** Loaded versions that answer for the date: snapshots first, then supplements oldest first. */
  versions: CatalogVersion[];
  gaps: CatalogGap[];
}

export interface DatasetInForce {
  dataset: string;
  date: string;
  sources: SourceInForce[];
}

export { startOf };

export function inForce(
  dataset: CatalogDataset,
  timelines: ReadonlyMap<string, SourceTimeline>,
  date: string,
  sourceIds: readonly string[] = sourcesOf(dataset),
): DatasetInForce {
  const sources = sourceIds.map((sourceId) => sourceInForce(dataset, sourceId, timelines.get(sourceId), date));
  return { dataset: dataset.id, date, sources };
}

/**
 * The sources whose timelines, read from their documents' heads, cannot decide the date alone and
 * must be read whole (timeline.ts): a snapshot document whose head decides only from a later date,
 * or a supplement document whose head does not list every supplement the date applies (those from
 * the start of the snapshot in force on).
 */
export function sourcesNeedingHistory(
  dataset: CatalogDataset,
  timelines: ReadonlyMap<string, SourceTimeline>,
  date: string,
  sourceIds: readonly string[] = sourcesOf(dataset),
): string[] {
  return sourceIds.filter((sourceId) => {
    const tl = timelines.get(sourceId);
    if (!tl?.partial?.size) return false;
    const decided = decideSource(dataset, sourceId, tl, date);
    const modes = new Map(docsOf(dataset, sourceId).map((d) => [d.docId, d.mode]));
    return [...tl.partial].some(([docId, p]) => {
      if (modes.get(docId) === 'snapshot') return needsHistory(p, date);
      if (modes.get(docId) !== 'supplement') return false; // not a document the dataset reads
      if (decided.snapshotMissing) return false; // supplements are not used at all
      return decided.snapshotStart === null || decided.snapshotStart <= p.oldest;
    });
  });
}

function sourceInForce(
  dataset: CatalogDataset,
  sourceId: string,
  tl: SourceTimeline | undefined,
  date: string,
): SourceInForce {
  return decideSource(dataset, sourceId, tl, date).out;
}

function decideSource(
  dataset: CatalogDataset,
  sourceId: string,
  tl: SourceTimeline | undefined,
  date: string,
): { out: SourceInForce; snapshotStart: string | null; snapshotMissing: boolean } {
  const out: SourceInForce = { source_id: sourceId, versions: [], gaps: [] };
  if (!tl?.versions.length) {
    out.gaps.push({
      source_id: sourceId,
      doc_id: null,
      reason: 'not_archived',
      detail: `No version of ${sourceId} is archived.`,
    });
    return { out, snapshotStart: null, snapshotMissing: false };
  }
  const docs = docsOf(dataset, sourceId);
  const use = (v: CatalogVersion) => {
    const loaded = tl.loaded.get(v.version_id);
    if (loaded) out.versions.push({ ...v, generation: loaded.generation });
    else {
      const layout = dataset.parserFor(v) !== undefined;
      out.gaps.push({
        source_id: sourceId,
        doc_id: v.doc_id,
        reason: layout ? 'not_loaded' : 'no_layout',
        detail: layout
          ? `Version ${v.version_id} (${v.name}) is archived but not loaded yet.`
          : `No layout reads ${v.name}; version ${v.version_id} is archived but not loaded.`,
      });
    }
  };
  let snapshotStart: string | null = null;
  let snapshotMissing = false;
  const policy = dataset.freshness === 'identity' ? undefined : asOfPolicy(sourceId);
  for (const doc of docs.filter((d) => d.mode === 'snapshot')) {
    const versions = tl.versions.filter((v) => v.doc_id === doc.docId);
    if (!versions.length) continue;
    const decision = decideAsOf(versions, date, policy);
    if (decision.status === 'gap') {
      out.gaps.push({ source_id: sourceId, doc_id: doc.docId, reason: decision.reason, detail: decision.detail });
      snapshotMissing = true;
      continue;
    }
    const start = decision.window.from;
    if (snapshotStart === null || start > snapshotStart) snapshotStart = start;
    use({ ...decision.version, freshness: decision.freshness });
  }
  // Supplements amend a snapshot: without one in force (stale, missing, not yet begun) they cannot
  // answer alone, since a list of one month's additions is not the list.
  const supplements = new Set(snapshotMissing ? [] : docs.filter((d) => d.mode === 'supplement').map((d) => d.docId));
  tl.versions
    .filter(
      (v) => supplements.has(v.doc_id) && startOf(v) <= date && (snapshotStart === null || startOf(v) >= snapshotStart),
    )
    .sort((a, b) => (startOf(a) === startOf(b) ? a.version_id - b.version_id : startOf(a) < startOf(b) ? -1 : 1))
    .forEach(use);
  if (!out.versions.length && !out.gaps.length) {
    out.gaps.push({
      source_id: sourceId,
      doc_id: null,
      reason: 'no_versions',
      detail: `No version of ${sourceId} is in force on ${date}.`,
    });
  }
  return { out, snapshotStart, snapshotMissing };
}

/** Every loaded version in force, across sources. */
export function versionsUsed(f: DatasetInForce): CatalogVersion[] {
  return f.sources.flatMap((s) => s.versions);
}

export function gapsOf(f: DatasetInForce): CatalogGap[] {
  return f.sources.flatMap((s) => s.gaps);
}
