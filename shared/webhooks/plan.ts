import type { ChangeRecord } from '../archive/change-record';
import { changeMatcher } from '../feed/query';

/** Whether a change is in a subscription's scope: `unknown` while the codes it needs are pending. */
export type ScopeAnswer = 'in' | 'out' | 'unknown';

/**
 * A subscription's scope as a three-way answer (issue 6 point 3). Sources decide first: a change
 * of another source is `out` whatever its codes. With codes, a change whose affected_codes meet
 * them is `in`; one whose codes are still `pending` (its version not loaded yet) is `unknown`,
 * never `out`, so no run can pass it before its codes are known.
 */
export function changeScope(f: {
  sourceIds?: readonly string[];
  codes?: readonly string[];
}): (c: ChangeRecord) => ScopeAnswer {
  const bySource = changeMatcher({ sourceIds: f.sourceIds });
  const byCode = changeMatcher({ codes: f.codes });
  const codeScoped = (f.codes?.length ?? 0) > 0;
  return (c) => {
    if (!bySource(c)) return 'out';
    if (!codeScoped || byCode(c)) return 'in';
    return c.affected_codes_status === 'pending' ? 'unknown' : 'out';
  };
}

export interface DeliveryPlan {
  /** The in-scope changes after the cursor within the window, in version order: one POST. */
  send: ChangeRecord[];
  /** Version id of the first change held because its scope is unknown; null when none. */
  heldAt: number | null;
  /** Where the cursor may move when the POST succeeds or there is nothing to send. */
  onSuccess: number;
  /** Where the cursor may move when the POST fails: just before the first change still owed. */
  onFailure: number;
  /** Changes of unknown scope older than the window: passed (they can no longer be delivered). */
  expiredUnknown: ChangeRecord[];
}

/** Index of the first change with version_id > cursor in a feed sorted by version_id. */
export function firstAfter(feed: readonly ChangeRecord[], cursor: number): number {
  let lo = 0;
  let hi = feed.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((feed[mid] as ChangeRecord).version_id <= cursor) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * What one subscription is owed from `feed` (sorted by version_id, read up to `head`) past its
 * cursor. A change is sent when in scope and observed at or after `windowStart`; passed when out
 * of scope or older than the window; held when its scope is unknown. A held change bounds both
 * cursor moves at just before it, so the next run (after the load) decides it; the known in-scope
 * changes after it are still sent now and again by later runs until it is decided (at least once,
 * version_id deduplicates). A change of unknown scope that is older than the window is passed and
 * reported in `expiredUnknown`. Pure: no I/O, no clock.
 */
export function planDelivery(
  feed: readonly ChangeRecord[],
  cursor: number,
  scope: (c: ChangeRecord) => ScopeAnswer,
  windowStart: number,
  head: number,
): DeliveryPlan {
  const send: ChangeRecord[] = [];
  const expiredUnknown: ChangeRecord[] = [];
  let heldAt: number | null = null;
  for (let i = firstAfter(feed, cursor); i < feed.length; i++) {
    const c = feed[i] as ChangeRecord;
    if (c.version_id > head) break;
    const answer = scope(c);
    if (answer === 'out') continue;
    if (!(Date.parse(c.observed_from) >= windowStart)) {
      if (answer === 'unknown') expiredUnknown.push(c);
      continue;
    }
    if (answer === 'in') send.push(c);
    else if (heldAt === null) heldAt = c.version_id;
  }
  const bound = heldAt === null ? head : heldAt - 1;
  const beforeFirstSent = (send[0]?.version_id ?? Number.POSITIVE_INFINITY) - 1;
  return {
    send,
    heldAt,
    onSuccess: Math.max(cursor, bound),
    onFailure: Math.max(cursor, Math.min(bound, beforeFirstSent)),
    expiredUnknown,
  };
}
