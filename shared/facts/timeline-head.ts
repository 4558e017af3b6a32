import type { TimelineKind } from '../archive/as-of';
import { HEAD_VERSIONS, needsHistory, selectHead } from '../archive/timeline-head';
import type { StoredTimelineVersion } from './timeline';

/** The head computation itself (`selectHead`) is shared with the catalog timelines. */
export { HEAD_VERSIONS, needsHistory };

/** The stored content of a document's head (keys.ts `timelineHeadKey`). */
export interface HeadContent {
  source_id: string;
  doc_id: string;
  /** The newest versions by start (then version id), newest first; at most HEAD_VERSIONS. */
  versions: StoredTimelineVersion[];
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
 * The head of a document from all its versions: `selectHead` (shared/archive/timeline-head.ts,
 * which states why for a date on or after `decides_from` the as-of decision over the listed
 * versions equals the one over all versions), with the document it belongs to.
 */
export function headOf(
  sourceId: string,
  docId: string,
  all: readonly StoredTimelineVersion[],
  max: number = HEAD_VERSIONS,
): HeadContent {
  const head = selectHead(all, max);
  return {
    source_id: sourceId,
    doc_id: docId,
    versions: head.versions,
    total: head.total,
    kind: head.kind,
    complete: head.complete,
    decides_from: head.decides_from,
  };
}
