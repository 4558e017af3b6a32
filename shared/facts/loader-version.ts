import { extractorFor } from './extractors';
import { isMcdCodeList } from './mcd';

/**
 * True when the document's versions produce warrant facts, and so a coverage mapping: a change
 * of a document without a loader has affected_codes_status `none` and never waits for one.
 */
export function hasLoader(docId: string): boolean {
  return isMcdCodeList(docId) || extractorFor(docId) !== undefined;
}

/**
 * The loader version of a document's facts, by document prefix: bumped whenever the facts stored
 * for the same bytes change shape, so `npm run archive -- load` (and every sync) reloads versions
 * loaded by an earlier loader. Until the reload completes, answers give `source_not_loaded` for
 * them rather than read facts of the old shape. Undefined for documents without a loader.
 *
 * 2: HCPCS from .txt/.xlsx/.csv alike; DMEPOS cells with not-applicable zeros and rural ZIP facts;
 *    MUE and PTP with their setting; MCD revision windows and code groups (issue 14).
 */
const LOADER_VERSIONS: Record<string, string> = { hcpcs: '2', dmepos: '2', mue: '2', ptp: '2', mcd: '2', leie: '1' };

export function factsLoaderVersion(docId: string): string | undefined {
  return hasLoader(docId) ? (LOADER_VERSIONS[docId.split(':')[0]!] ?? '1') : undefined;
}
