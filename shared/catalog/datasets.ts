import { type CatalogDataset, type DatasetFeed, isFeed } from './dataset';

/**
 * Every installed catalog dataset, in load order (installed once per process by the composition
 * root, shared/datasets/install.ts, from the generated list of dataset folders: the catalog engine
 * never imports a dataset). A live view, filled by `installDatasets`.
 */
const installed: CatalogDataset[] = [];
export const CATALOG_DATASETS: readonly CatalogDataset[] = installed;

/**
 * Install the datasets. The same dataset object offered by several folders (the state exclusion
 * lists contribute to one dataset) is installed once; two different datasets with one id are an error.
 * A feed (`feedDataset`) installs the dataset it feeds, its documents added to the dataset's own and
 * its parser consulted for the files of those documents.
 */
export function installDatasets(list: readonly (CatalogDataset | DatasetFeed)[]): void {
  const byId = new Map<string, CatalogDataset>();
  const feeds = new Map<string, DatasetFeed[]>();
  for (const item of list) {
    const d = isFeed(item) ? item.feeds : item;
    const seen = byId.get(d.id);
    if (seen && seen !== d) throw new Error(`catalog: two datasets declare the id ${d.id}`);
    byId.set(d.id, d);
    if (isFeed(item)) feeds.set(d.id, [...(feeds.get(d.id) ?? []), item]);
  }
  const joined = [...byId.values()].map((d) => joinFeeds(d, feeds.get(d.id) ?? []));
  const ordered = joined.sort((a, b) => (a.loadPriority ?? 1) - (b.loadPriority ?? 1));
  installed.splice(0, installed.length, ...ordered);
}

/** The dataset with its feeds' documents, parsers and notes (itself when nothing feeds it). */
function joinFeeds(dataset: CatalogDataset, feeds: readonly DatasetFeed[]): CatalogDataset {
  if (feeds.length === 0) return dataset;
  const docs = [...dataset.docs, ...feeds.flatMap((f) => f.docs)];
  const keys = docs.map((d) => `${d.sourceId} ${d.docId}`);
  const twice = keys.find((k, i) => keys.indexOf(k) !== i);
  if (twice) throw new Error(`catalog: ${dataset.id} is fed the document ${twice} twice`);
  const feedOf = (f: { source_id: string; doc_id: string }) =>
    feeds.find((x) => x.docs.some((d) => d.sourceId === f.source_id && d.docId === f.doc_id));
  const notes = feeds.flatMap((f) =>
    f.note ? [...new Set(f.docs.map((d) => d.sourceId))].map((s) => [s, f.note]) : [],
  );
  return {
    ...dataset,
    docs,
    ...(notes.length ? { feedNotes: { ...dataset.feedNotes, ...Object.fromEntries(notes) } } : {}),
    parserFor: (f) => {
      const feed = feedOf(f);
      return feed ? feed.parserFor(f) : dataset.parserFor(f);
    },
  };
}

export function getDataset(id: string): CatalogDataset | undefined {
  return installed.find((d) => d.id === id);
}

/** The installed dataset of that id, for a read that cannot answer without it: throws when the composition root did not install it. */
export function requireDataset(id: string): CatalogDataset {
  const d = getDataset(id);
  if (!d) throw new Error(`catalog: the dataset ${id} is not installed`);
  return d;
}

/** The installed datasets of a group (`CatalogDataset.group`), in id order. */
export function datasetsInGroup(group: string): CatalogDataset[] {
  return installed.filter((d) => d.group === group).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
