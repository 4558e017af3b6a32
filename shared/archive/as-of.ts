/**
 * As-of resolution (spec "Errors" rule 5): which version of a document was in force on a date.
 * Pure: the caller passes every version of the document and, optionally, the source's freshness
 * policy. One rule covers every timeline, whether its versions carry a publisher window, were only
 * observed, or both (a "mixed" timeline):
 *
 * 1. Start. A version with a publisher effective window starts on its `from` date; a version
 *    without one starts on the UTC calendar date it was first observed.
 * 2. Own window. A version's own window runs from its start to the publisher's stated `to`; without
 *    a stated end it is open and ends the day before the next later start of any version of the
 *    document, windowed or observed (so a version first observed at t ends every open-ended window
 *    that began before t).
 * 3. Decision. Of the versions whose own window contains the date, the latest start decides (a later
 *    publication supersedes an earlier one for the days it covers). Versions with the same start and
 *    the same window are reissues: the last observed decides and the others are listed as superseded.
 * 4. Freshness (with a policy). A decided version whose end the publisher did not state is checked
 *    against the source's declared cadence: when a scheduled release date of the source
 *    (e.g. the April quarterly file) falls after its start and on or before the date and no archived
 *    version starts there, the answer is a `missing_release` gap naming the releases; when the date is
 *    at or past the cadence's critical threshold from the last evidence that the version was current
 *    (its start, or a later fetch that saw the same bytes as the newest version), it is a
 *    `stale_version` gap naming the version and its age. Past the stale threshold the version
 *    decides with `freshness.class = 'stale'`.
 *
 * Anything else is an honest gap with a reason code, never a guess and never a version that
 * begins after the date:
 * - `no_versions`: the document has no version;
 * - `before_first_version`: the date precedes every version's start;
 * - `between_windows`: stated windows end before the date and the next version starts after it;
 * - `after_last_window`: every stated window ended before the date (the next release is not archived);
 * - `ambiguous`: versions with the same start but different windows contain the date, or two
 *   reissues were first observed at the same instant;
 * - `missing_release`, `stale_version`: as in step 4.
 */
export interface AsOfVersion {
  version_id: number;
  publisher_effective_from: string | null;
  publisher_effective_to: string | null;
  observed_from: string;
  /** File name (as served or as stored in its zip); lets a policy rank format alternates of one release. */
  name?: string;
  /** ISO time of the latest fetch or import that saw these bytes again while they were the document's newest version. */
  last_seen_at?: string | null;
}

export const AS_OF_RULES = ['publisher_effective_window', 'first_observed'] as const;
export type AsOfRule = (typeof AS_OF_RULES)[number];
export const GAP_REASONS = [
  'no_versions',
  'before_first_version',
  'between_windows',
  'after_last_window',
  'ambiguous',
  'missing_release',
  'stale_version',
] as const;
export type GapReason = (typeof GAP_REASONS)[number];

/** How a document's versions are dated: all by publisher window, all by observation, or both. */
export type TimelineKind = 'windowed' | 'observed' | 'mixed';

/** The one-paragraph statement of the rule, served in as-of answers and /resources. */
export const AS_OF_METHOD =
  'A version starts on its publisher effective date, else on the UTC date it was first observed. Its window runs to the publisher’s stated end; without one it ends the day before the next later start of any version of the document (windowed or observed). Of the versions whose window contains the date, the latest start decides; reissues of the same window go to the last observed. A version without a stated end is not used past a scheduled release of its source that the archive lacks (missing_release) or past the critical freshness threshold of the source’s cadence since the last evidence it was current (stale_version).';

/**
 * The freshness policy of a document's source: thresholds of its declared cadence (spec "States")
 * and, for publishers with a fixed release calendar, the months whose first day brings a release.
 */
export interface AsOfPolicy {
  cadence: string;
  staleDays: number;
  criticalDays: number;
  /** Months (1-12) on whose first day the publisher's scheduled releases take effect, if fixed. */
  releaseMonths?: readonly number[];
  /**
   * Rank of a file name among renderings of one release (lower is preferred), for sources that ship
   * the same release in several formats (the HCPCS record file as .txt and .xlsx in one zip): issues
   * of the same window first observed at the same instant go to the preferred format instead of
   * being ambiguous. Same rank at the same instant stays ambiguous.
   */
  formatRank?: (name: string) => number;
  /**
   * The reissue order a file name states (HCPCS `_v2` < `_v3`; a posting date), higher is later:
   * issues of the same window are ordered by it before their observation time, so a `_v2` archived
   * after a `_v3` (a newest-first listing, a backfill) never supersedes it. 0 when the name states none.
   */
  reissueRank?: (name: string) => number;
}

export interface Freshness {
  class: 'fresh' | 'stale';
  /** Whole days from the last evidence the version was current to the date. */
  age_days: number;
  /** The version's start, or the later day a fetch last saw it as the newest version (never after the date). */
  evidence_date: string;
  cadence: string;
  stale_after_days: number;
  critical_after_days: number;
}

export type AsOfDecision<V extends AsOfVersion> =
  | {
      status: 'resolved';
      rule: AsOfRule;
      timeline: TimelineKind;
      version: V;
      /** The decided version's own window: its start and its stated or implied end (null: open). */
      window: { from: string; to: string | null };
      /** Earlier issues of the same window, oldest first. */
      superseded: V[];
      /** null when no policy applies (no policy given, or the publisher stated the window's end). */
      freshness: Freshness | null;
    }
  | {
      status: 'gap';
      rule: AsOfRule | null;
      timeline: TimelineKind | null;
      reason: GapReason;
      detail: string;
      candidates: V[];
      /** For missing_release: the release dates (YYYY-MM-DD) the archive lacks. */
      missing_releases?: string[];
      /** For stale_version: the version's age. */
      freshness?: Freshness;
    };

/** The rule that dates a version: its publisher window when it has one, else its first observation. */
export function versionRule(v: Pick<AsOfVersion, 'publisher_effective_from'>): AsOfRule {
  return v.publisher_effective_from !== null ? 'publisher_effective_window' : 'first_observed';
}

/** Whether a document's versions are all windowed, all observed, or mixed (null: no versions). */
export function timelineKind(versions: readonly Pick<AsOfVersion, 'publisher_effective_from'>[]): TimelineKind | null {
  if (!versions.length) return null;
  const windowed = versions.filter((v) => v.publisher_effective_from !== null).length;
  return windowed === versions.length ? 'windowed' : windowed === 0 ? 'observed' : 'mixed';
}

/** A version's start: its publisher effective date, else the UTC day it was first observed. */
export function startOf(v: Pick<AsOfVersion, 'publisher_effective_from' | 'observed_from'>): string {
  return v.publisher_effective_from ?? v.observed_from.slice(0, 10);
}

/** The day before an ISO date. */
export function dayBefore(date: string): string {
  return addDays(date, -1);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * A version's own window end (rule 2): the publisher's stated `to`, else the day before the next
 * later start among `starts` (every distinct start of the document, sorted), else null (open).
 */
export function windowEnd(
  v: Pick<AsOfVersion, 'publisher_effective_from' | 'publisher_effective_to' | 'observed_from'>,
  starts: readonly string[],
): string | null {
  if (v.publisher_effective_from !== null && v.publisher_effective_to !== null) return v.publisher_effective_to;
  const start = startOf(v);
  const next = starts.find((s) => s > start);
  return next ? dayBefore(next) : null;
}

const byObservedThenId = (a: AsOfVersion, b: AsOfVersion) =>
  a.observed_from === b.observed_from ? a.version_id - b.version_id : a.observed_from < b.observed_from ? -1 : 1;

export function decideAsOf<V extends AsOfVersion>(
  versions: readonly V[],
  date: string,
  policy?: AsOfPolicy,
): AsOfDecision<V> {
  const timeline = timelineKind(versions);
  if (!versions.length || !timeline) {
    return {
      status: 'gap',
      rule: null,
      timeline: null,
      reason: 'no_versions',
      detail: 'The document has no archived version.',
      candidates: [],
    };
  }
  const gap = (
    reason: GapReason,
    detail: string,
    candidates: V[] = [],
    rule: AsOfRule | null = null,
  ): AsOfDecision<V> => ({
    status: 'gap',
    rule,
    timeline,
    reason,
    detail,
    candidates,
  });
  const starts = [...new Set(versions.map(startOf))].sort();
  const endOf = (v: V): string | null => windowEnd(v, starts);
  const containing = versions.filter((v) => {
    const end = endOf(v);
    return startOf(v) <= date && (end === null || date <= end);
  });
  if (!containing.length) {
    if (date < starts[0]!) return gap('before_first_version', `No version is in force before ${starts[0]}.`);
    const laterStart = starts.find((s) => s > date);
    if (laterStart)
      return gap('between_windows', `No version’s window contains ${date}; the next begins ${laterStart}.`);
    return gap('after_last_window', `Every archived window ended before ${date}; the next release is not archived.`);
  }
  const latest = containing.map(startOf).sort().at(-1)!;
  const rank = (v: V) => (policy?.formatRank && v.name !== undefined ? policy.formatRank(v.name) : 0);
  const reissue = (v: V) => (policy?.reissueRank && v.name !== undefined ? policy.reissueRank(v.name) : 0);
  // The stated reissue order first, then oldest observation first; at one instant the preferred
  // format (lowest rank) last, so it decides.
  const top = containing
    .filter((v) => startOf(v) === latest)
    .sort(
      (a, b) =>
        reissue(a) - reissue(b) ||
        (a.observed_from === b.observed_from ? rank(b) - rank(a) : 0) ||
        byObservedThenId(a, b),
    );
  const windows = new Set(top.map((v) => endOf(v) ?? ''));
  if (windows.size > 1) {
    return gap(
      'ambiguous',
      `${windows.size} versions starting ${latest} state different windows containing ${date}.`,
      top,
    );
  }
  const winner = top.at(-1)!;
  const runnerUp = top.at(-2);
  const rule = versionRule(winner);
  if (
    runnerUp &&
    reissue(runnerUp) === reissue(winner) &&
    runnerUp.observed_from === winner.observed_from &&
    rank(runnerUp) === rank(winner)
  ) {
    return gap(
      'ambiguous',
      'Two issues of the same window were first observed at the same instant.',
      top.slice(-2),
      rule,
    );
  }
  const window = { from: latest, to: endOf(winner) };
  const stated = winner.publisher_effective_from !== null && winner.publisher_effective_to !== null;
  if (!policy || stated) {
    return {
      status: 'resolved',
      rule,
      timeline,
      version: winner,
      window,
      superseded: top.slice(0, -1),
      freshness: null,
    };
  }

  const missing = missingReleases(policy, latest, date).filter((r) => !starts.includes(r));
  if (missing.length) {
    return {
      ...(gap(
        'missing_release',
        `Version ${winner.version_id} began ${latest}; the source’s scheduled release${missing.length > 1 ? 's' : ''} of ${listDates(missing)} ${missing.length > 1 ? 'are' : 'is'} not archived, so what was in force on ${date} is not known.`,
        [winner],
        rule,
      ) as Extract<AsOfDecision<V>, { status: 'gap' }>),
      missing_releases: missing,
    };
  }
  const seen = winner.last_seen_at ? winner.last_seen_at.slice(0, 10) : null;
  const evidence = seen && seen > latest ? (seen < date ? seen : date) : latest;
  const age = daysBetween(evidence, date);
  const freshness: Freshness = {
    class: age >= policy.staleDays ? 'stale' : 'fresh',
    age_days: age,
    evidence_date: evidence,
    cadence: policy.cadence,
    stale_after_days: policy.staleDays,
    critical_after_days: policy.criticalDays,
  };
  if (age >= policy.criticalDays) {
    return {
      ...(gap(
        'stale_version',
        `Version ${winner.version_id} began ${latest} and was last known current on ${evidence}: ${age} days before ${date}, at or past the ${policy.criticalDays}-day critical threshold of a ${policy.cadence} source, so a newer release was almost certainly in force.`,
        [winner],
        rule,
      ) as Extract<AsOfDecision<V>, { status: 'gap' }>),
      freshness,
    };
  }
  return { status: 'resolved', rule, timeline, version: winner, window, superseded: top.slice(0, -1), freshness };
}

/** Dates for a sentence: all of a few, else the first three, a count, and the last. */
function listDates(ds: string[]): string {
  return ds.length <= 4 ? ds.join(', ') : `${ds.slice(0, 3).join(', ')} and ${ds.length - 4} more through ${ds.at(-1)}`;
}

/** Scheduled release dates strictly after `start` and on or before `date`. */
function missingReleases(policy: AsOfPolicy, start: string, date: string): string[] {
  if (!policy.releaseMonths?.length) return [];
  const out: string[] = [];
  let y = Number(start.slice(0, 4));
  let m = Number(start.slice(5, 7));
  for (let i = 0; i < 12 * 60; i++) {
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
    const first = `${y}-${String(m).padStart(2, '0')}-01`;
    if (first > date) break;
    if (first > start && policy.releaseMonths.includes(m)) out.push(first);
  }
  return out;
}
