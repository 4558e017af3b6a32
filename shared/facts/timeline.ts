import type { TimelineKind } from '../archive/as-of';
import { storedVersionFields } from '../archive/timeline-head';
import { getSource } from '../sources/registry';
import type { Item, Table } from '../storage/table';
import { timelineHeadKey, timelinePk } from './keys';
import { factsLoaderVersion } from './loader-version';

/**
 * A source's timeline: the archived versions of its documents (windows, hashes, observation times)
 * and which of them have their facts loaded. Stored per document, so no item grows with history
 * (see keys.ts): one item per version (`TL#<source_id>` / `<doc_id>#<version 12>`, holding its
 * loader version `lv` and latest sighting) and one head per document (`<doc_id>#HEAD`) holding
 * its newest versions (./timeline-head.ts). A warrant reads the heads of all its sources in one
 * batch read; a date older than what a head alone decides costs one query of the versions of the
 * source (./timeline-history.ts). The as-of decision runs over ALL versions relevant to the date
 * (never only the loaded ones), so an archived but unloaded version in force is an honest
 * `source_not_loaded` gap instead of a silent fall-back to an older version.
 */
export interface TimelineVersion {
  version_id: number;
  doc_id: string;
  title: string;
  sha256: string;
  name: string;
  publisher_version: string | null;
  publisher_effective_from: string | null;
  publisher_effective_to: string | null;
  observed_from: string;
  /** When a later fetch saw these bytes again as the document's newest version (shared/archive/versions.ts). */
  last_seen_at?: string | null;
}

/** A version as its timeline items store it: with the loader version of its facts, once loaded. */
export interface StoredTimelineVersion extends TimelineVersion {
  /** The loader version (load-version.ts) that wrote all its facts; absent until then. */
  lv?: string;
}

/** What a document's head says of the versions it does not list. */
export interface PartialDoc {
  /** The first date the listed versions alone decide as-of for; null: never (read every version). */
  from: string | null;
  /** How all the document's versions are dated (the listed ones may be all of one kind). */
  kind: TimelineKind;
}

export interface Timeline {
  source_id: string;
  versions: TimelineVersion[];
  /** Versions whose facts are loaded by the current loader of their document (see load-version.ts). */
  loaded: Set<number>;
  /** Versions loaded by an earlier loader: their stored facts have an outdated shape and are reloaded. */
  outdated: Set<number>;
  /**
   * Documents whose `versions` are only their head's newest versions (absent: every version is
   * listed). A date before `from` must be decided over every version (timeline-history.ts).
   */
  partial?: Map<string, PartialDoc>;
}

export type LoaderOf = (docId: string) => string | undefined;

/**
 * The timelines of the given sources, from one batch read of the heads of their declared documents;
 * a source with no archived version is absent. A document with more versions than its head holds
 * is listed in `partial` (complete it for old dates with `readHistory`). `currentLoader` names the
 * loader version each document's facts must have been written by.
 */
export async function readTimelines(
  table: Table,
  sourceIds: readonly string[],
  currentLoader: LoaderOf = factsLoaderVersion,
): Promise<Map<string, Timeline>> {
  const keys = sourceIds.flatMap((s) => (getSource(s)?.docs ?? []).map((d) => timelineHeadKey(s, d.docId)));
  const heads = await table.getMany(keys);
  const bySource = new Map<string, Item[]>();
  for (const h of heads) {
    const sourceId = String(h.source_id);
    bySource.set(sourceId, [...(bySource.get(sourceId) ?? []), h]);
  }
  const out = new Map<string, Timeline>();
  for (const sourceId of sourceIds) {
    const items = bySource.get(sourceId);
    if (!items?.length) continue;
    const partial = new Map<string, PartialDoc>();
    for (const h of items) {
      if (!h.complete) {
        partial.set(String(h.doc_id), {
          from: (h.decides_from as string | null) ?? null,
          kind: h.kind as TimelineKind,
        });
      }
    }
    out.set(sourceId, timelineOf(sourceId, items.flatMap(headVersions), currentLoader, partial));
  }
  return out;
}

/**
 * Every version of the given sources (one query per source, in parallel), for the loads and checks
 * that need the whole history; a source with no archived version is absent.
 */
export async function readFullTimelines(
  table: Table,
  sourceIds: readonly string[],
  currentLoader: LoaderOf = factsLoaderVersion,
): Promise<Map<string, Timeline>> {
  const out = new Map<string, Timeline>();
  await Promise.all(
    sourceIds.map(async (sourceId) => {
      const items = await table.queryAll(timelinePk(sourceId), { consistent: true });
      const versions = items.filter(isVersionItem).map(storedVersion);
      if (versions.length) out.set(sourceId, timelineOf(sourceId, versions, currentLoader));
    }),
  );
  return out;
}

/** True for a version item of a timeline partition (not a head). */
export function isVersionItem(it: Record<string, unknown>): boolean {
  return !String(it.sk).endsWith('#HEAD');
}

/** A version from its stored item (version item or head entry). */
export function storedVersion(it: Record<string, unknown>): StoredTimelineVersion {
  const v: StoredTimelineVersion = { ...storedVersionFields(it), title: String(it.title) };
  if (typeof it.lv === 'string') v.lv = it.lv;
  return v;
}

function headVersions(h: Record<string, unknown>): StoredTimelineVersion[] {
  return ((h.versions as Record<string, unknown>[] | undefined) ?? []).map(storedVersion);
}

/** A timeline from stored versions: loaded ids split by whether their loader is the current one. */
export function timelineOf(
  sourceId: string,
  stored: readonly StoredTimelineVersion[],
  currentLoader: LoaderOf,
  partial?: Map<string, PartialDoc>,
): Timeline {
  const loaded = new Set<number>();
  const outdated = new Set<number>();
  const versions: TimelineVersion[] = [];
  for (const { lv, ...v } of stored) {
    versions.push(v);
    if (lv === undefined) continue;
    const want = currentLoader(v.doc_id);
    (want === undefined || lv === want ? loaded : outdated).add(v.version_id);
  }
  versions.sort((a, b) => a.version_id - b.version_id);
  return { source_id: sourceId, versions, loaded, outdated, ...(partial?.size ? { partial } : {}) };
}
