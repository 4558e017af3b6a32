import type { Table } from '../storage/table';
import { timelinePk } from './keys';
import { factsLoaderVersion } from './loader-version';
import {
  isVersionItem,
  type LoaderOf,
  type PartialDoc,
  type StoredTimelineVersion,
  storedVersion,
  type Timeline,
  timelineOf,
} from './timeline';
import { needsHistory } from './timeline-head';

/**
 * The timelines completed for the given dates: every document whose head alone cannot decide one
 * of the dates (a date before its head's `decides_from`) gets all its versions, read with one query
 * per source over the documents that need it (all sources in parallel: one round). Timelines that
 * need nothing are returned as they are; none is modified (they may be shared by a cache).
 */
export async function readHistory(
  table: Table,
  timelines: ReadonlyMap<string, Timeline>,
  dates: readonly string[],
  currentLoader: LoaderOf = factsLoaderVersion,
): Promise<Map<string, Timeline>> {
  const out = new Map(timelines);
  await Promise.all(
    [...timelines.values()].map(async (t) => {
      const docs = [...(t.partial ?? new Map<string, PartialDoc>())]
        .filter(([, p]) => dates.some((d) => needsHistory(p, d)))
        .map(([docId]) => docId)
        .sort();
      if (!docs.length) return;
      const items = await table.queryAll(timelinePk(t.source_id), {
        between: [`${docs[0]}#`, `${docs.at(-1)}#~`],
        consistent: false,
      });
      const wanted = new Set(docs);
      const history = items
        .filter(isVersionItem)
        .map(storedVersion)
        .filter((v) => wanted.has(v.doc_id));
      out.set(t.source_id, merge(t, history, wanted, currentLoader));
    }),
  );
  return out;
}

function merge(t: Timeline, history: StoredTimelineVersion[], docs: Set<string>, currentLoader: LoaderOf): Timeline {
  const full = timelineOf(t.source_id, history, currentLoader);
  const keep = t.versions.filter((v) => !docs.has(v.doc_id));
  const partial = new Map([...(t.partial ?? [])].filter(([docId]) => !docs.has(docId)));
  return {
    source_id: t.source_id,
    versions: [...keep, ...full.versions].sort((a, b) => a.version_id - b.version_id),
    loaded: new Set([...[...t.loaded].filter((id) => keep.some((v) => v.version_id === id)), ...full.loaded]),
    outdated: new Set([...[...t.outdated].filter((id) => keep.some((v) => v.version_id === id)), ...full.outdated]),
    ...(partial.size ? { partial } : {}),
  };
}
