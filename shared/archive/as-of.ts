/**
 * As-of resolution (issue 3, point 4; spec "Errors" rule 5): which version of a document was in
 * force on a date. Pure: the caller passes every version of the document.
 *
 * Rule `publisher_effective_window` (when any version carries a publisher effective window):
 * the version whose window contains the date decides. An open-ended window (`to` null) ends the
 * day before a later window of the same document begins. Several versions with the same window
 * are reissues: the last observed supersedes the others, which the answer lists.
 * Versions without a window are ignored under this rule.
 *
 * Rule `first_observed` (when no version carries a window): the version most recently first
 * observed on or before the date (UTC calendar date of `observed_from`) decides.
 *
 * Anything else is an honest gap with a reason code, never a guess and never a version that
 * begins after the date:
 * - `no_versions`: the document has no version;
 * - `before_first_version`: the date precedes every window (or every observation);
 * - `between_windows`: windows exist before and after the date, none contains it;
 * - `after_last_window`: every window ended before the date (the next release is not archived);
 * - `ambiguous`: different windows contain the date, or two candidates tie on observation time.
 */
export interface AsOfVersion {
  version_id: number;
  publisher_effective_from: string | null;
  publisher_effective_to: string | null;
  observed_from: string;
}

export const AS_OF_RULES = ['publisher_effective_window', 'first_observed'] as const;
export type AsOfRule = (typeof AS_OF_RULES)[number];
export const GAP_REASONS = [
  'no_versions',
  'before_first_version',
  'between_windows',
  'after_last_window',
  'ambiguous',
] as const;
export type GapReason = (typeof GAP_REASONS)[number];

export type AsOfDecision<V extends AsOfVersion> =
  | {
      status: 'resolved';
      rule: AsOfRule;
      version: V;
      /** The window that decided (publisher_effective_window), with the implied end of an open window. */
      window: { from: string; to: string | null } | null;
      /** Earlier issues for the same window, oldest first. */
      superseded: V[];
    }
  | { status: 'gap'; rule: AsOfRule | null; reason: GapReason; detail: string; candidates: V[] };

export function decideAsOf<V extends AsOfVersion>(versions: readonly V[], date: string): AsOfDecision<V> {
  if (!versions.length) return gap(null, 'no_versions', 'The document has no archived version.', []);
  const windowed = versions.filter((v) => v.publisher_effective_from !== null);
  return windowed.length ? byWindow(windowed, date) : byObservation(versions, date);
}

function gap<V extends AsOfVersion>(
  rule: AsOfRule | null,
  reason: GapReason,
  detail: string,
  candidates: V[],
): AsOfDecision<V> {
  return { status: 'gap', rule, reason, detail, candidates };
}

/** The day before an ISO date. */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

const byObservedThenId = (a: AsOfVersion, b: AsOfVersion) =>
  a.observed_from === b.observed_from ? a.version_id - b.version_id : a.observed_from < b.observed_from ? -1 : 1;

function byWindow<V extends AsOfVersion>(versions: V[], date: string): AsOfDecision<V> {
  const rule = 'publisher_effective_window' as const;
  const starts = [...new Set(versions.map((v) => v.publisher_effective_from!))].sort();
  const endOf = (v: V): string | null => {
    if (v.publisher_effective_to !== null) return v.publisher_effective_to;
    const next = starts.find((s) => s > v.publisher_effective_from!);
    return next ? dayBefore(next) : null;
  };
  const containing = versions.filter((v) => {
    const end = endOf(v);
    return v.publisher_effective_from! <= date && (end === null || date <= end);
  });
  if (!containing.length) {
    if (date < starts[0]!) return gap(rule, 'before_first_version', `No version is in effect before ${starts[0]}.`, []);
    const laterStart = starts.find((s) => s > date);
    if (laterStart) {
      return gap(rule, 'between_windows', `No window contains ${date}; the next begins ${laterStart}.`, []);
    }
    return gap(rule, 'after_last_window', `Every archived window ended before ${date}.`, []);
  }
  const windowId = (v: V) => `${v.publisher_effective_from}..${v.publisher_effective_to ?? ''}`;
  const windows = new Set(containing.map(windowId));
  const ordered = [...containing].sort(byObservedThenId);
  if (windows.size > 1) {
    return gap(rule, 'ambiguous', `${windows.size} different publisher windows contain ${date}.`, ordered);
  }
  const winner = ordered[ordered.length - 1]!;
  const runnerUp = ordered[ordered.length - 2];
  if (runnerUp && runnerUp.observed_from === winner.observed_from) {
    return gap(rule, 'ambiguous', 'Reissues of the same window were first observed at the same time.', ordered);
  }
  return {
    status: 'resolved',
    rule,
    version: winner,
    window: { from: winner.publisher_effective_from!, to: endOf(winner) },
    superseded: ordered.slice(0, -1),
  };
}

function byObservation<V extends AsOfVersion>(versions: readonly V[], date: string): AsOfDecision<V> {
  const rule = 'first_observed' as const;
  const seen = versions.filter((v) => v.observed_from.slice(0, 10) <= date).sort(byObservedThenId);
  if (!seen.length) return gap(rule, 'before_first_version', `No version was observed on or before ${date}.`, []);
  const winner = seen[seen.length - 1]!;
  const runnerUp = seen[seen.length - 2];
  if (runnerUp && runnerUp.observed_from === winner.observed_from) {
    return gap(rule, 'ambiguous', 'Two versions were first observed at the same time.', seen.slice(-2));
  }
  return { status: 'resolved', rule, version: winner, window: null, superseded: [] };
}
