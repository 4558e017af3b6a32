import type { Deps } from '../deps';
import type { Located } from '../publishers/common/types';
import type { FactWriter } from './store';
import type { Timeline, TimelineVersion } from './timeline';

/**
 * What a document contributes as warrant facts: each record of its file (read with the document's
 * parser, shared/sources) becomes rows keyed by a billing code, an NPI or a ZIP, or, for documents
 * whose facts join sibling tables (the MCD code lists), a loader of its own. Declared in the
 * document's dataset folder and installed once per process (shared/datasets/install.ts); the facts
 * engine never imports a dataset.
 */
export interface FactRow {
  key: { kind: 'code' | 'npi' | 'zip'; value: string };
  kind: string;
  value: Record<string, unknown>;
  record: Located;
}

interface FactsBase {
  /**
   * Bumped whenever the facts stored for the same bytes change shape: versions loaded by an
   * earlier loader read as not loaded and are reloaded by the next sync (`npm run archive -- load`).
   */
  version: string;
  /**
   * Fact kinds whose value is the parsed row itself (every row field must replay equal: the
   * accuracy check); kinds with a joined value compare only their own fields.
   */
  replayKinds?: readonly string[];
}

export interface RowFacts<R extends Located = Located> extends FactsBase {
  rows(record: R): FactRow[];
}

export interface CustomFacts extends FactsBase {
  /** Writes the version's facts itself (reading its file and whatever siblings it joins). */
  load(deps: Deps, writer: FactWriter, v: TimelineVersion, timeline: Timeline): Promise<void>;
}

export type FactsLoader = RowFacts | CustomFacts;

const loaders = new Map<string, FactsLoader>();

/** Install the facts loaders by doc id (replacing any installed before). */
export function installFacts(entries: Iterable<[string, FactsLoader]>): void {
  loaders.clear();
  for (const [docId, loader] of entries) loaders.set(docId, loader);
}

/** The facts loader of a document, or undefined when its versions hold no warrant facts. */
export function factsFor(docId: string): FactsLoader | undefined {
  return loaders.get(docId);
}

export function isCustom(l: FactsLoader): l is CustomFacts {
  return 'load' in l;
}

/** The parsed record without its locator: what a replay of the locator must give back. */
export function recordValue(r: Located): Record<string, unknown> {
  const { locator: _locator, ...rest } = r as Located & Record<string, unknown>;
  return rest;
}
