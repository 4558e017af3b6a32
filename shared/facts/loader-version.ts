import { factsFor } from './registry';

/**
 * True when the document's versions produce warrant facts, and so a coverage mapping: a change
 * of a document without a loader has affected_codes_status `none` and never waits for one.
 */
export function hasLoader(docId: string): boolean {
  return factsFor(docId) !== undefined;
}

/**
 * The loader version of a document's facts (declared with its facts, in its dataset folder):
 * versions loaded by an earlier loader read as not loaded and are reloaded by the next sync, so
 * answers never read facts of an old shape. Undefined for documents without facts.
 */
export function factsLoaderVersion(docId: string): string | undefined {
  return factsFor(docId)?.version;
}
