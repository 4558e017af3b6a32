import { type AsOfDecision, decideAsOf } from '../archive/as-of';
import type { Deps } from '../deps';
import { codePk, npiPk, versionRange } from '../facts/keys';
import { type StoredFact, toStoredFact } from '../facts/store';
import { readTimelines, type Timeline, type TimelineVersion } from '../facts/timeline';
import { type Block, block, type Gap, type GapReason } from './schema';

/** One document's state on the date: the version in force (loaded or not), or why there is none. */
export type DocInForce =
  | {
      doc_id: string;
      status: 'in_force';
      version: TimelineVersion;
      rule: 'publisher_effective_window' | 'first_observed';
      loaded: boolean;
    }
  | { doc_id: string; status: 'gap'; reason: GapReason; detail: string };
type InForceDoc = Extract<DocInForce, { status: 'in_force' }>;

export interface SourceInForce {
  source_id: string;
  registered: boolean;
  docs: DocInForce[];
}

/** The timelines of the sources, read in one batch. */
export function loadTimelines(deps: Deps, sourceIds: readonly string[]): Promise<Map<string, Timeline>> {
  return readTimelines(deps.tables.facts, sourceIds);
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
  const docs = docIds.map((docId): DocInForce => {
    const decision: AsOfDecision<TimelineVersion> = decideAsOf(
      timeline.versions.filter((v) => v.doc_id === docId),
      date,
    );
    if (decision.status === 'gap') {
      return {
        doc_id: docId,
        status: 'gap',
        reason: decision.reason === 'ambiguous' ? 'ambiguous_version' : 'no_version_in_force',
        detail: decision.detail,
      };
    }
    return {
      doc_id: docId,
      status: 'in_force',
      version: decision.version,
      rule: decision.rule,
      loaded: timeline.loaded.has(decision.version.version_id),
    };
  });
  return { source_id: sourceId, registered: true, docs };
}

/** Loaded versions in force, by version id. */
export function loadedVersions(s: SourceInForce): Map<number, InForceDoc> {
  const out = new Map<number, InForceDoc>();
  for (const d of s.docs) if (d.status === 'in_force' && d.loaded) out.set(d.version.version_id, d);
  return out;
}

/**
 * The facts of a key (code or NPI) in the loaded versions in force: one query over the version-id
 * range of the source, filtered to exactly those versions.
 */
export async function factsInForce(
  deps: Deps,
  key: { kind: 'code' | 'npi'; value: string },
  s: SourceInForce,
): Promise<StoredFact[]> {
  const versions = loadedVersions(s);
  if (!versions.size) return [];
  const ids = [...versions.keys()];
  const pk = key.kind === 'code' ? codePk(key.value) : npiPk(key.value);
  const items = await deps.tables.facts.queryAll(pk, {
    between: versionRange(s.source_id, Math.min(...ids), Math.max(...ids)),
  });
  return items.map(toStoredFact).filter((f) => versions.has(f.version_id));
}

/**
 * The gaps a source leaves for a fact kind when it holds no fact: not registered or never loaded,
 * no version in force, or the version in force not loaded yet.
 */
export function sourceGaps(s: SourceInForce, kind: string, missingDetail: string): Gap[] {
  const g = (reason: GapReason, detail: string, doc_id: string | null = null): Gap => ({
    kind,
    reason,
    detail,
    source_id: s.source_id,
    doc_id,
  });
  if (!s.registered || s.docs.length === 0) {
    return [g('source_not_loaded', `No version of ${s.source_id} is in the archive yet.`)];
  }
  const inForceDocs = s.docs.filter((d): d is InForceDoc => d.status === 'in_force');
  if (!inForceDocs.length) {
    return s.docs.map((d) =>
      g(d.status === 'gap' ? d.reason : 'no_version_in_force', d.status === 'gap' ? d.detail : '', d.doc_id),
    );
  }
  if (inForceDocs.every((d) => !d.loaded)) {
    return inForceDocs.map((d) =>
      g(
        'source_not_loaded',
        `The version in force (${d.version.version_id}) is archived but its facts are not loaded yet.`,
        d.doc_id,
      ),
    );
  }
  return [g('code_not_in_version', missingDetail)];
}

/** The block answer when a fact depends on the state and none was given. */
export function stateRequired(kind: string, source: SourceInForce, detail: string): Block {
  return block([], [{ kind, reason: 'state_required', detail, source_id: source.source_id, doc_id: null }]);
}
