import { factsFor } from './registry';

/**
 * True when the document's versions produce warrant facts, and so a coverage mapping: a change
 * of a document without a loader has affected_codes_status `none` and never waits for one.
 */
export function hasLoader(docId: string): boolean {
  return factsFor(docId) !== undefined;
}

/**
 * The shape of a stored fact item (shared/facts/store.ts), the same for every document: bumped when
 * the item layout changes, so every version loaded with the old layout is reloaded. 2: each field
 * stored once (key, kind, source and version in the sort key; the origin rebuilt on read).
 */
export const FACT_ITEM_SHAPE = '2';

/**
 * The loader version of a document's facts: the document's own facts version (declared with its
 * facts, in its dataset folder) and, after the first item-shape change, the item shape
 * (`<version>.s<shape>`). Versions loaded by an earlier loader read as not loaded and are reloaded
 * by the next sync, so answers never read facts of an old shape. Undefined for documents without facts.
 */
export function factsLoaderVersion(docId: string): string | undefined {
  const own = factsFor(docId)?.version;
  return own === undefined ? undefined : `${own}.s${FACT_ITEM_SHAPE}`;
}
