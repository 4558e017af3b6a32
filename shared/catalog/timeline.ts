import { canonicalize } from 'json-canonicalize';
import { type Freshness, startOf, type TimelineKind } from '../archive/as-of';
import { HEAD_VERSIONS, selectHead, storedVersionFields } from '../archive/timeline-head';
import type { Item, Table } from '../storage/table';
import { timelineWritten } from '../storage/timeline-signal';
import { timelineHeadKey, timelinePk, timelineRange, timelineVersionKey } from './keys';

/**
 * Per dataset, source and document, every archived version of the dataset's documents and which of
 * them are loaded (with their row counts). Stored so that no item grows with history (keys.ts):
 * one item per version (`CTL#<dataset>` / `<source_id>#<doc_id>#<version 12>`) holding the version
 * and its loaded marker, and one head per document (`<source_id>#<doc_id>#HEAD`) listing its
 * newest versions with their markers (shared/archive/timeline-head.ts `selectHead`). A request
 * reads the heads of the documents it views in one batch read, and the version items of a source
 * only when a date is older than what its heads decide (view.ts). As-of decisions run over ALL
 * archived versions relevant to the date, loaded or not, so an archived but unloaded version in
 * force is reported as a gap, never silently replaced by an older loaded one.
 *
 * Each version item is the truth about its version; a head is derived from its document's version
 * items after every change, with a compare-and-set on its revision, so of two racing rebuilds the
 * later re-reads and the head always ends up matching the items (`syncCatalogTimelines` repairs a
 * head left behind by a writer that stopped between the two writes). Timelines of the earlier
 * layout (one growing item per source) are moved by `migrateLegacyCatalogTimelines`.
 */
export interface CatalogVersion {
  source_id: string;
  doc_id: string;
  version_id: number;
  sha256: string;
  name: string;
  publisher_version: string | null;
  publisher_effective_from: string | null;
  publisher_effective_to: string | null;
  observed_from: string;
  /** When a later fetch saw these bytes again as the document's newest version (shared/archive/versions.ts). */
  last_seen_at?: string | null;
  /** Set on versions in force (shared/catalog/in-force.ts): the loader generation its rows are keyed under. */
  generation?: string;
  /** Set on snapshot versions in force: their age against the source's cadence (null when the publisher stated the end). */
  freshness?: Freshness | null;
}

export interface LoadedVersion {
  version_id: number;
  rows: number;
  loaded_at: string;
  loader_version: string;
  /** The key namespace generation its rows were written under; absent on legacy markers (unsuffixed keys). */
  generation?: string;
}

/** A version as its timeline items store it: with the marker of the generation answers read, once loaded. */
export interface StoredCatalogVersion extends CatalogVersion {
  loaded?: LoadedVersion;
}

/** What a document's head says of the versions it does not list. */
export interface PartialDoc {
  /** The first date the listed versions alone decide a snapshot's as-of for; null: never. */
  from: string | null;
  /** The oldest start among the listed versions: supplements starting before it are not listed. */
  oldest: string;
  kind: TimelineKind;
}

export interface SourceTimeline {
  source_id: string;
  versions: CatalogVersion[];
  loaded: Map<number, LoadedVersion>;
  /**
   * Documents whose `versions` are only their head's newest (absent: every version is listed); a
   * date they cannot decide is decided over the version items (view.ts).
   */
  partial?: Map<string, PartialDoc>;
  /** Counts over every version of the source (a head counts the versions it does not list). */
  counts?: { versions: number; loaded: number };
}

/** Add a version to its document's timeline; a version already there is left as it is. */
export async function registerVersion(table: Table, dataset: string, v: CatalogVersion): Promise<void> {
  if (await putVersionItem(table, dataset, v)) await rebuildHead(table, dataset, v.source_id, v.doc_id);
}

/** A version's item alone (the caller rebuilds its head); false when it was already there. */
export function putVersionItem(table: Table, dataset: string, v: StoredCatalogVersion): Promise<boolean> {
  const { generation: _g, freshness: _f, ...stored } = v;
  return table.put(
    {
      ...timelineVersionKey(dataset, v.source_id, v.doc_id, v.version_id),
      dataset,
      ...stored,
      last_seen_at: v.last_seen_at ?? null,
    },
    { ifAbsent: true },
  );
}

/**
 * Record that a version's rows are fully written under a generation: the marker (with its row
 * count) is set on the version's item, last write wins, so a later reload, or a return to an
 * earlier loader, switches readers over only after its rows are complete.
 */
export async function markLoaded(
  table: Table,
  dataset: string,
  v: Pick<CatalogVersion, 'source_id' | 'doc_id'>,
  l: LoadedVersion,
): Promise<void> {
  const marker: LoadedVersion = { ...l };
  if (marker.generation === undefined) delete marker.generation;
  const done = await table.update(timelineVersionKey(dataset, v.source_id, v.doc_id, l.version_id), {
    set: { loaded: marker },
    ifExists: true,
  });
  if (!done) throw new Error(`version ${l.version_id} of ${v.doc_id} is not in the ${dataset} timeline`);
  await rebuildHead(table, dataset, v.source_id, v.doc_id);
  timelineWritten(table);
}

/** The loaded marker of one version (one strongly consistent get): the re-check a loader makes under its lease. */
export async function readLoaded(
  table: Table,
  dataset: string,
  v: Pick<CatalogVersion, 'source_id' | 'doc_id' | 'version_id'>,
): Promise<LoadedVersion | undefined> {
  const it = await table.get(timelineVersionKey(dataset, v.source_id, v.doc_id, v.version_id), { consistent: true });
  return it ? storedVersion(it).loaded : undefined;
}

/**
 * Copy the archive's latest sighting of a version (seen again as its document's newest) onto the
 * timeline, so as-of freshness is judged without another read. `rebuild: false` leaves the head to
 * the caller (who rebuilds once after many).
 */
export async function recordSeen(
  table: Table,
  dataset: string,
  v: Pick<CatalogVersion, 'source_id' | 'doc_id' | 'version_id'>,
  at: string,
  opts: { rebuild?: boolean } = {},
): Promise<void> {
  const done = await table.update(timelineVersionKey(dataset, v.source_id, v.doc_id, v.version_id), {
    set: { last_seen_at: at },
    ifExists: true,
  });
  if (done && opts.rebuild !== false) await rebuildHead(table, dataset, v.source_id, v.doc_id);
  timelineWritten(table);
}

/**
 * Every version of every source of a dataset, read from the version items (one query, growing
 * with history): for the loads and checks that need the whole history, never for answers.
 */
export async function readTimeline(table: Table, dataset: string): Promise<Map<string, SourceTimeline>> {
  const items = await table.queryAll(timelinePk(dataset), { consistent: true });
  return timelinesOf(items.filter(isVersionItem).map(storedVersion));
}

/** Every version of one source (one query over its version items): series across versions, loads. */
export async function readSourceTimeline(
  table: Table,
  dataset: string,
  sourceId: string,
  opts: { consistent?: boolean; docId?: string } = {},
): Promise<SourceTimeline | undefined> {
  const items = await table.queryAll(timelinePk(dataset), {
    between: timelineRange(sourceId, opts.docId),
    consistent: opts.consistent ?? true,
  });
  return timelinesOf(items.filter(isVersionItem).map(storedVersion)).get(sourceId);
}

/**
 * The timelines of several datasets' given documents in one batch read of their heads, by dataset
 * id then source id (a source with no archived version is absent): what an answer reads. A
 * document with more versions than its head lists is named in the source's `partial`; complete
 * such a source with `readSourceTimeline` when a date needs it (view.ts). The same batch asks for
 * each source's item of the earlier layout, absent once migrated: until the sync moves it
 * (`migrateLegacyCatalogTimelines`), answers keep reading it instead of reporting the list missing.
 */
export async function readDatasetTimelines(
  table: Table,
  datasets: readonly { id: string; docs: readonly { sourceId: string; docId: string }[] }[],
): Promise<Map<string, Map<string, SourceTimeline>>> {
  const datasetOf = new Map(datasets.map((d) => [timelinePk(d.id), d.id]));
  const keys = new Map<string, { pk: string; sk: string }>();
  for (const d of datasets) {
    for (const doc of d.docs) {
      for (const key of [timelineHeadKey(d.id, doc.sourceId, doc.docId), { pk: timelinePk(d.id), sk: doc.sourceId }]) {
        keys.set(`${key.pk}\u0000${key.sk}`, key);
      }
    }
  }
  const found = keys.size ? await table.getMany([...keys.values()]) : [];
  const heads = new Map<string, Map<string, Item[]>>();
  const legacy = new Map<string, Map<string, Item>>();
  for (const it of found) {
    const dataset = datasetOf.get(String(it.pk));
    if (dataset === undefined) continue;
    if (!String(it.sk).endsWith('#HEAD')) {
      legacy.set(dataset, (legacy.get(dataset) ?? new Map<string, Item>()).set(String(it.sk), it));
      continue;
    }
    const bySource = heads.get(dataset) ?? new Map<string, Item[]>();
    heads.set(dataset, bySource);
    const sourceId = String(it.source_id);
    bySource.set(sourceId, [...(bySource.get(sourceId) ?? []), it]);
  }
  const out = new Map(datasets.map((d) => [d.id, new Map<string, SourceTimeline>()]));
  for (const [dataset, bySource] of heads) {
    for (const [sourceId, items] of bySource) out.get(dataset)?.set(sourceId, timelineOfHeads(sourceId, items));
  }
  for (const [dataset, bySource] of legacy) {
    for (const [sourceId, it] of bySource) out.get(dataset)?.set(sourceId, timelineOf(sourceId, legacyVersions(it)));
  }
  return out;
}

/** A source's timeline from the heads of its documents (pure; exported for tests). */
export function timelineOfHeads(sourceId: string, heads: readonly Item[]): SourceTimeline {
  const partial = new Map<string, PartialDoc>();
  const versions: StoredCatalogVersion[] = [];
  const counts = { versions: 0, loaded: 0 };
  for (const h of heads) {
    const listed = ((h.versions as Item[] | undefined) ?? []).map(storedVersion);
    versions.push(...listed);
    counts.versions += Number(h.total ?? listed.length);
    counts.loaded += Number(h.loaded_total ?? listed.filter((v) => v.loaded).length);
    if (!h.complete && listed.length) {
      partial.set(String(h.doc_id), {
        from: (h.decides_from as string | null | undefined) ?? null,
        oldest: String(h.oldest),
        kind: h.kind as TimelineKind,
      });
    }
  }
  const tl = timelineOf(sourceId, versions);
  tl.counts = counts;
  if (partial.size) tl.partial = partial;
  return tl;
}

/** True for a version item of a timeline partition (not a head, nor an item of the earlier layout). */
export function isVersionItem(it: Item): boolean {
  return /#\d{12}$/.test(String(it.sk));
}

/** A version from its stored item (version item or head entry). */
export function storedVersion(it: Record<string, unknown>): StoredCatalogVersion {
  const v: StoredCatalogVersion = { source_id: String(it.source_id), ...storedVersionFields(it) };
  const l = it.loaded as LoadedVersion | undefined;
  if (l) {
    v.loaded = { ...l, version_id: Number(l.version_id), rows: Number(l.rows) };
    if (l.generation === undefined || l.generation === null) delete v.loaded.generation;
  }
  return v;
}

function timelineOf(sourceId: string, stored: readonly StoredCatalogVersion[]): SourceTimeline {
  const loaded = new Map<number, LoadedVersion>();
  const versions: CatalogVersion[] = [];
  for (const { loaded: l, ...v } of stored) {
    versions.push(v);
    if (l) loaded.set(v.version_id, l);
  }
  versions.sort((a, b) => a.version_id - b.version_id);
  return { source_id: sourceId, versions, loaded };
}

function timelinesOf(stored: readonly StoredCatalogVersion[]): Map<string, SourceTimeline> {
  const bySource = new Map<string, StoredCatalogVersion[]>();
  for (const v of stored) bySource.set(v.source_id, [...(bySource.get(v.source_id) ?? []), v]);
  return new Map([...bySource].map(([s, vs]) => [s, timelineOf(s, vs)]));
}

/** The stored content of a document's head (keys.ts `timelineHeadKey`; pure, exported for tests). */
export function headContent(
  dataset: string,
  sourceId: string,
  docId: string,
  all: readonly StoredCatalogVersion[],
  max: number = HEAD_VERSIONS,
) {
  const head = selectHead(all, max);
  return {
    dataset,
    source_id: sourceId,
    doc_id: docId,
    versions: head.versions,
    total: head.total,
    loaded_total: all.filter((v) => v.loaded).length,
    complete: head.complete,
    decides_from: head.decides_from,
    oldest: startOf(head.versions.at(-1)!),
    kind: head.kind,
  };
}

function sameHead(stored: Item, head: ReturnType<typeof headContent>): boolean {
  const { pk: _pk, sk: _sk, rev: _rev, ...rest } = stored;
  // RFC 8785 (sorted keys, undefined members dropped): a stored and a computed head compare equal.
  return canonicalize(rest) === canonicalize(head);
}

/**
 * Rewrite a document's head from its version items, unless it already matches them. `known` (the
 * version items, already read) skips the first query. Returns whether it wrote.
 */
export async function rebuildHead(
  table: Table,
  dataset: string,
  sourceId: string,
  docId: string,
  known?: readonly StoredCatalogVersion[],
): Promise<boolean> {
  const key = timelineHeadKey(dataset, sourceId, docId);
  for (let attempt = 0; attempt < 20; attempt++) {
    const current = await table.get(key, { consistent: true });
    const versions =
      attempt === 0 && known
        ? known
        : (await table.queryAll(timelinePk(dataset), { between: timelineRange(sourceId, docId), consistent: true }))
            .filter(isVersionItem)
            .map(storedVersion);
    if (!versions.length) return false;
    const head = headContent(dataset, sourceId, docId, versions);
    if (current && sameHead(current, head)) return false;
    const rev = current ? Number(current.rev) : null;
    if (await table.put({ ...key, ...head, rev: (rev ?? 0) + 1 }, { ifEquals: { rev } })) {
      timelineWritten(table);
      return true;
    }
  }
  throw new Error(`the ${dataset} timeline head of ${docId} kept changing under its rebuild`);
}

/**
 * Every version of a dataset (one query), with every head checked against its version items and
 * rewritten where it differs (a writer that stopped between a version item and its head). For the
 * load planner, which needs the whole history anyway.
 */
export async function syncCatalogTimelines(table: Table, dataset: string): Promise<Map<string, SourceTimeline>> {
  const items = await table.queryAll(timelinePk(dataset), { consistent: true });
  const heads = new Map<string, Item>();
  const byDoc = new Map<string, StoredCatalogVersion[]>();
  for (const it of items) {
    const sk = String(it.sk);
    if (sk.endsWith('#HEAD')) heads.set(sk, it);
    else if (isVersionItem(it)) {
      const v = storedVersion(it);
      const k = timelineHeadKey(dataset, v.source_id, v.doc_id).sk;
      byDoc.set(k, [...(byDoc.get(k) ?? []), v]);
    }
  }
  for (const [sk, versions] of byDoc) {
    const { source_id, doc_id } = versions[0]!;
    const head = heads.get(sk);
    if (!head || !sameHead(head, headContent(dataset, source_id, doc_id, versions))) {
      await rebuildHead(table, dataset, source_id, doc_id);
    }
  }
  return timelinesOf([...byDoc.values()].flat());
}

/**
 * Moves timelines stored by the earlier layout (one item per (dataset, source), sk `<source_id>`,
 * with `versions`, `loaded` markers, `gen_<id>` naming the generation in use and `seen#<id>`) to
 * the per-version layout: a version item for each version, with the marker answers read and its
 * sighting; then the heads of the documents touched; then the old item is deleted. Every step is
 * idempotent (version items are put only if absent: one written meanwhile by the new layout is
 * newer), so a migration stopped halfway is finished by the next run. Returns the versions moved.
 */
export async function migrateLegacyCatalogTimelines(
  table: Table,
  dataset: string,
  sourceIds: readonly string[],
): Promise<number> {
  const items = sourceIds.length ? await table.getMany(sourceIds.map((s) => ({ pk: timelinePk(dataset), sk: s }))) : [];
  let moved = 0;
  for (const it of items) {
    const sourceId = String(it.sk);
    const docs = new Set<string>();
    for (const v of legacyVersions(it)) {
      if (await putVersionItem(table, dataset, v)) moved++;
      docs.add(v.doc_id);
    }
    for (const docId of [...docs].sort()) await rebuildHead(table, dataset, sourceId, docId);
    await table.delete({ pk: timelinePk(dataset), sk: sourceId });
    timelineWritten(table);
  }
  return moved;
}

/**
 * The versions an item of the earlier layout holds, each with the marker answers read (the one of
 * the generation `gen_<id>` names; without one, the newest) and its sighting (`seen#<id>`).
 */
function legacyVersions(it: Item): StoredCatalogVersion[] {
  const sourceId = String(it.sk);
  const markers = new Map<number, LoadedVersion>();
  for (const l of (it.loaded as LoadedVersion[] | undefined) ?? []) {
    const id = Number(l.version_id);
    const current = it[`gen_${id}`] as string | undefined;
    if (current !== undefined && l.generation !== current) continue;
    markers.set(id, { ...l, version_id: id, rows: Number(l.rows) });
  }
  return ((it.versions as CatalogVersion[] | undefined) ?? []).map((raw) => {
    const id = Number(raw.version_id);
    const v: StoredCatalogVersion = {
      ...raw,
      source_id: sourceId,
      version_id: id,
      last_seen_at: (it[`seen#${id}`] as string | undefined) ?? raw.last_seen_at ?? null,
    };
    const marker = markers.get(id);
    if (marker) v.loaded = marker;
    return v;
  });
}
