import {
  type AsOfDecision,
  type GapReason as AsOfGapReason,
  decideAsOf,
  type Freshness,
  type TimelineKind,
} from '../archive/as-of';
import { asOfPolicy } from '../archive/policy';
import type { Deps } from '../deps';
import { codePk, npiPk } from '../facts/keys';
import { hasLoader } from '../facts/load-version';
import { type StoredFact, toStoredFact } from '../facts/store';
import type { Timeline, TimelineVersion } from '../facts/timeline';
import { needsHistory } from '../facts/timeline-head';
import { runRange, versionRuns } from '../facts/version-runs';
import { type Block, block, type Gap, type GapReason } from './schema';
import { cachedTimelines, cachedTimelinesOn } from './timeline-cache';

/** One document's state on the date: the version in force (loaded or not), or why there is none. */
export type DocInForce =
  | {
      doc_id: string;
      status: 'in_force';
      version: TimelineVersion;
      rule: 'publisher_effective_window' | 'first_observed';
      timeline: TimelineKind;
      /** Age against the source's cadence; null when the publisher stated the window's end. */
      freshness: Freshness | null;
      loaded: boolean;
    }
  | {
      doc_id: string;
      status: 'gap';
      reason: GapReason;
      detail: string;
      /** The version that could not be used (stale_version, missing_release, ambiguous). */
      version_id: number | null;
      freshness?: Freshness;
      missing_releases?: string[];
    };
type InForceDoc = Extract<DocInForce, { status: 'in_force' }>;

export interface SourceInForce {
  source_id: string;
  registered: boolean;
  docs: DocInForce[];
  /**
   * Every version of the source the timeline read lists whose document has facts, by id: the facts
   * reads skip the ranges of those not in force (absent: none known).
   */
  known?: number[];
}

/**
 * The timelines of the sources, read in one batch, reused for WARRANT_TIMELINE_TTL_MS
 * (timeline-cache.ts): at most that long behind another process's archive or load.
 */
export function loadTimelines(deps: Deps, sourceIds: readonly string[]): Promise<Map<string, Timeline>> {
  return cachedTimelines(deps, sourceIds);
}

/**
 * The timelines of the sources as they decide the given dates: the heads (loadTimelines), plus,
 * only for a date older than a head decides alone, every version of those documents (one more
 * round of one query per source; shared/facts/timeline-history.ts). Both are reused like the heads
 * (timeline-cache.ts `cachedTimelinesOn`).
 */
export async function timelinesOn(
  deps: Deps,
  sourceIds: readonly string[],
  dates: readonly string[],
): Promise<Map<string, Timeline>> {
  return cachedTimelinesOn(deps, sourceIds, dates);
}

/** Per document of the source (those matching `docFilter`), the version in force on `date`. */
export function inForce(
  timeline: Timeline | undefined,
  sourceId: string,
  date: string,
  docFilter: (docId: string) => boolean,
): SourceInForce {
  if (!timeline) return { source_id: sourceId, registered: false, docs: [] };
  const docIds = [...new Set(timeline.versions.map((v) => v.doc_id))].filter(docFilter).sort();
  const policy = asOfPolicy(sourceId);
  const docs = docIds.map((docId): DocInForce => {
    const partial = timeline.partial?.get(docId);
    // Fidelity guard: a head lists only the newest versions; an older date is decided over every
    // version (shared/facts/timeline-history.ts), never over the head alone.
    if (partial && needsHistory(partial, date)) {
      throw new Error(`${docId}: the timeline was read without the versions that decide ${date} (readHistory)`);
    }
    const decision: AsOfDecision<TimelineVersion> = decideAsOf(
      timeline.versions.filter((v) => v.doc_id === docId),
      date,
      policy,
    );
    if (decision.status === 'gap') {
      return {
        doc_id: docId,
        status: 'gap',
        reason: WARRANT_GAP[decision.reason],
        detail: decision.detail,
        version_id: decision.candidates.length === 1 ? decision.candidates[0]!.version_id : null,
        ...(decision.freshness ? { freshness: decision.freshness } : {}),
        ...(decision.missing_releases ? { missing_releases: decision.missing_releases } : {}),
      };
    }
    return {
      doc_id: docId,
      status: 'in_force',
      version: decision.version,
      rule: decision.rule,
      timeline: partial?.kind ?? decision.timeline,
      freshness: decision.freshness,
      loaded: timeline.loaded.has(decision.version.version_id),
    };
  });
  const known = timeline.versions.filter((v) => hasLoader(v.doc_id)).map((v) => v.version_id);
  return { source_id: sourceId, registered: true, docs, known };
}

/** The warrant's gap reason for each as-of gap reason. */
const WARRANT_GAP: Record<AsOfGapReason, GapReason> = {
  no_versions: 'no_version_in_force',
  before_first_version: 'no_version_in_force',
  between_windows: 'no_version_in_force',
  after_last_window: 'no_version_in_force',
  ambiguous: 'ambiguous_version',
  stale_version: 'stale_version',
  missing_release: 'missing_release',
};

/** Loaded versions in force, by version id. */
export function loadedVersions(s: SourceInForce): Map<number, InForceDoc> {
  const out = new Map<number, InForceDoc>();
  for (const d of s.docs) if (d.status === 'in_force' && d.loaded) out.set(d.version.version_id, d);
  return out;
}

/**
 * The facts of a key (code or NPI) in the loaded versions in force: one query per run of those
 * versions that is contiguous in the facts' sort-key order (versionRuns), in parallel, so the
 * facts of versions not in force between them are never read.
 */
export async function factsInForce(
  deps: Deps,
  key: { kind: 'code' | 'npi'; value: string },
  s: SourceInForce,
): Promise<StoredFact[]> {
  return factsOfVersionsInForce(deps, key.kind === 'code' ? codePk(key.value) : npiPk(key.value), s);
}

/** The facts in partition `pk` of the loaded versions in force of the source (see factsInForce). */
export async function factsOfVersionsInForce(deps: Deps, pk: string, s: SourceInForce): Promise<StoredFact[]> {
  const versions = loadedVersions(s);
  if (!versions.size) return [];
  const runs = versionRuns(
    versions.keys(),
    (s.known ?? []).filter((id) => !versions.has(id)),
  );
  const reads = await Promise.all(
    runs.map((run) => deps.tables.facts.queryAll(pk, { between: runRange(s.source_id, run) })),
  );
  // The filter stays: a version the timeline read does not list (left out of a head) may share a run.
  return reads
    .flat()
    .map(toStoredFact)
    .filter((f) => versions.has(f.version_id));
}

/**
 * The gaps of a source's fact-bearing documents that cannot answer for the date: no version in
 * force (with the as-of reason: stale, missing release, ambiguous, none), or the version in force
 * archived but not loaded yet. A block adds these even when other documents of the source gave
 * facts, so a stale or unloaded part is never silently missing (the block is then `partial`).
 */
export function unansweredGaps(s: SourceInForce, kind: string): Gap[] {
  const out: Gap[] = [];
  for (const d of s.docs) {
    if (!hasLoader(d.doc_id)) continue; // join tables: read while loading the documents that hold facts
    if (d.status === 'gap') out.push(docGap(s, kind, d));
    else if (!d.loaded) {
      out.push({
        kind,
        reason: 'source_not_loaded',
        detail: `The version in force (${d.version.version_id}) is archived but its facts are not loaded yet.`,
        source_id: s.source_id,
        doc_id: d.doc_id,
        version_id: d.version.version_id,
      });
    }
  }
  return out;
}

/**
 * The gaps a source leaves for a fact kind when it holds no fact: not registered or never
 * archived, the documents that cannot answer (unansweredGaps), and, when some loaded version in
 * force was searched, that the key is not in it.
 */
export function sourceGaps(s: SourceInForce, kind: string, missingDetail: string): Gap[] {
  if (!s.registered || s.docs.length === 0) {
    return [
      {
        kind,
        reason: 'source_not_loaded',
        detail: `No version of ${s.source_id} is in the archive yet.`,
        source_id: s.source_id,
        doc_id: null,
      },
    ];
  }
  const gaps = unansweredGaps(s, kind);
  if (loadedVersions(s).size) {
    gaps.push({ kind, reason: 'code_not_in_version', detail: missingDetail, source_id: s.source_id, doc_id: null });
  } else if (!gaps.length) {
    gaps.push({
      kind,
      reason: 'source_not_loaded',
      detail: `No document of ${s.source_id} that holds ${kind} facts is archived yet.`,
      source_id: s.source_id,
      doc_id: null,
    });
  }
  return gaps;
}

/** The gap a document leaves when no version of it can answer for the date. */
export function docGap(s: SourceInForce, kind: string, d: Extract<DocInForce, { status: 'gap' }>): Gap {
  return {
    kind,
    reason: d.reason,
    detail: d.detail,
    source_id: s.source_id,
    doc_id: d.doc_id,
    ...(d.version_id !== null ? { version_id: d.version_id } : {}),
    ...(d.freshness ? { age_days: d.freshness.age_days } : {}),
    ...(d.missing_releases ? { missing_releases: d.missing_releases } : {}),
  };
}

/** The block answer when a fact depends on the state and none was given. */
export function stateRequired(kind: string, source: SourceInForce, detail: string): Block {
  return block([], [{ kind, reason: 'state_required', detail, source_id: source.source_id, doc_id: null }]);
}
