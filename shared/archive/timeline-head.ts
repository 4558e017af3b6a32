import { type AsOfVersion, addDays, startOf, type TimelineKind, timelineKind, windowEnd } from './as-of';

/**
 * The bounded head of one document's timeline, shared by the warrant facts timelines
 * (shared/facts/timeline-head.ts) and the catalog timelines (shared/catalog/timeline.ts): the
 * newest versions by start, and the first date from which the as-of decision over them alone
 * equals the one over every version of the document.
 */

/**
 * The most versions a head lists: its item stays a few tens of KB (about 400 bytes a version)
 * however long the history, and a request reads every head it needs in one batch.
 */
export const HEAD_VERSIONS = 64;

export interface HeadSelection<V> {
  /** The newest versions by start (then version id), newest first; at most `max`. */
  versions: V[];
  /** How many versions the document has. */
  total: number;
  /** True when `versions` is every version of the document. */
  complete: boolean;
  /** Not complete: the first date the listed versions alone decide as-of for (null: never). */
  decides_from: string | null;
  /** How all the versions are dated (windowed, observed, mixed). */
  kind: TimelineKind;
}

/**
 * The head of a document from all its versions. Versions are ranked by start (the as-of start:
 * publisher effective date, else the day first observed), so every version left out starts no
 * later than every version listed. For a date on or after `decides_from` the as-of decision over
 * the listed versions equals the one over all versions (shared/archive/as-of.ts):
 * - `decides_from` is past the own-window end of every version left out (computed over ALL
 *   starts), so none of them contains the date;
 * - a listed version's implied end is the day before the next later start, and no left-out
 *   version starts later than a listed one, so the listed versions' windows are unchanged;
 * - `decides_from` is on or after the earliest listed start, so "before the first version" and
 *   "the next start after the date" read the same starts, and a scheduled release between the
 *   decided start and the date is never one of the left-out starts.
 * The timeline kind is returned apart (`kind`), since it depends on every version. A left-out
 * version with an open window (only when more than `max` versions share the newest start) makes
 * `decides_from` null: such a document is always read whole.
 */
export function selectHead<V extends AsOfVersion>(all: readonly V[], max: number = HEAD_VERSIONS): HeadSelection<V> {
  const ranked = [...all].sort((a, b) => {
    const sa = startOf(a);
    const sb = startOf(b);
    return sa === sb ? b.version_id - a.version_id : sa < sb ? 1 : -1;
  });
  const listed = ranked.slice(0, max);
  const left = ranked.slice(max);
  const base = { versions: listed, total: all.length, kind: timelineKind(all) ?? 'observed' };
  if (!left.length) return { ...base, complete: true, decides_from: null };
  const starts = [...new Set(all.map(startOf))].sort();
  let from: string | null = startOf(listed.at(-1)!);
  for (const v of left) {
    const end = windowEnd(v, starts);
    if (end === null) {
      from = null;
      break;
    }
    const after = addDays(end, 1);
    if (after > from!) from = after;
  }
  return { ...base, complete: false, decides_from: from };
}

/** True when a head must be read with every version to decide `date`. */
export function needsHistory(p: { from: string | null }, date: string): boolean {
  return p.from === null || date < p.from;
}

/** The fields every stored timeline entry carries (facts and catalog timelines alike). */
export interface StoredVersionFields {
  doc_id: string;
  version_id: number;
  sha256: string;
  name: string;
  publisher_version: string | null;
  publisher_effective_from: string | null;
  publisher_effective_to: string | null;
  observed_from: string;
  last_seen_at: string | null;
}

/** Those fields read from a stored item (a version item or a head entry). */
export function storedVersionFields(it: Record<string, unknown>): StoredVersionFields {
  const orNull = (x: unknown) => (x as string | null | undefined) ?? null;
  return {
    doc_id: String(it.doc_id),
    version_id: Number(it.version_id),
    sha256: String(it.sha256),
    name: String(it.name),
    publisher_version: orNull(it.publisher_version),
    publisher_effective_from: orNull(it.publisher_effective_from),
    publisher_effective_to: orNull(it.publisher_effective_to),
    observed_from: String(it.observed_from),
    last_seen_at: orNull(it.last_seen_at),
  };
}
