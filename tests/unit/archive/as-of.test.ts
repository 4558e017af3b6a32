import {
  type AsOfPolicy,
  type AsOfVersion,
  dayBefore,
  decideAsOf,
  GAP_REASONS,
  timelineKind,
  versionRule,
} from '../../../shared/archive/as-of';
import { asOfPolicy } from '../../../shared/archive/policy';

/** v(id, from, to, observed): a version with an optional publisher window. */
const v = (
  version_id: number,
  from: string | null,
  to: string | null,
  observed: string,
  extra: Partial<AsOfVersion> = {},
): AsOfVersion => ({
  version_id,
  publisher_effective_from: from,
  publisher_effective_to: to,
  observed_from: observed.length === 10 ? `${observed}T12:00:00.000Z` : observed,
  ...extra,
});

type Expect =
  | { resolved: number; rule: string; superseded?: number[]; window?: { from: string; to: string | null } }
  | { gap: string; candidates?: number[] };

const Q1 = v(1, '2026-01-01', '2026-03-31', '2025-12-15');
const Q2 = v(2, '2026-04-01', '2026-06-30', '2026-03-20');
const Q4 = v(3, '2026-10-01', '2026-12-31', '2026-09-20');
const Q2_REISSUE = v(4, '2026-04-01', '2026-06-30', '2026-05-02');
const OPEN_2024 = v(5, '2024-01-01', null, '2024-01-03');
const OPEN_2025 = v(6, '2025-01-01', null, '2025-01-02');
const OVERLAP = v(7, '2026-03-01', '2026-05-31', '2026-02-01');
const SAME_TIME = v(8, '2026-04-01', '2026-06-30', '2026-05-02');
const SAME_START_SHORTER = v(9, '2026-04-01', '2026-05-31', '2026-03-21');
const NOWIN_A = v(10, null, null, '2026-01-10T08:00:00.000Z');
const NOWIN_B = v(11, null, null, '2026-02-10T08:00:00.000Z');
const NOWIN_TIE = v(12, null, null, '2026-02-10T08:00:00.000Z');
// Mixed: a publisher-dated open list (March) and an undated import first observed in July.
const MARCH_LIST = v(20, '2026-03-01', null, '2026-03-02');
const JULY_UNDATED = v(21, null, null, '2026-07-15T09:00:00.000Z');
const AUG_DATED_LATE = v(22, '2026-08-01', null, '2026-08-20');

const cases: [string, AsOfVersion[], string, Expect][] = [
  // Windowed timelines
  ['window contains the date', [Q1, Q2], '2026-02-14', { resolved: 1, rule: 'publisher_effective_window' }],
  ['first day of a window', [Q1, Q2], '2026-04-01', { resolved: 2, rule: 'publisher_effective_window' }],
  ['last day of a window', [Q1, Q2], '2026-03-31', { resolved: 1, rule: 'publisher_effective_window' }],
  [
    'reissue supersedes the earlier issue of the same window',
    [Q1, Q2, Q2_REISSUE],
    '2026-05-01',
    { resolved: 4, rule: 'publisher_effective_window', superseded: [2] },
  ],
  [
    'open window ends the day before the next begins',
    [OPEN_2024, OPEN_2025],
    '2024-12-31',
    { resolved: 5, rule: 'publisher_effective_window', window: { from: '2024-01-01', to: '2024-12-31' } },
  ],
  [
    'latest open window stays open',
    [OPEN_2024, OPEN_2025],
    '2030-06-01',
    { resolved: 6, rule: 'publisher_effective_window', window: { from: '2025-01-01', to: null } },
  ],
  [
    'a window is used even when observed after the date (the publisher states it)',
    [v(30, '2026-01-01', '2026-03-31', '2026-02-15')],
    '2026-01-05',
    { resolved: 30, rule: 'publisher_effective_window' },
  ],
  [
    'of overlapping stated windows the later start decides',
    [Q1, Q2, OVERLAP],
    '2026-04-15',
    { resolved: 2, rule: 'publisher_effective_window' },
  ],
  [
    'a stated window resumes after a later, shorter one ends',
    [v(31, '2026-01-01', '2026-12-31', '2025-12-01'), v(32, '2026-05-01', '2026-05-31', '2026-04-20')],
    '2026-06-10',
    { resolved: 31, rule: 'publisher_effective_window' },
  ],
  // Observed timelines
  ['latest observed on or before the date', [NOWIN_A, NOWIN_B], '2026-03-01', { resolved: 11, rule: 'first_observed' }],
  ['observed on the date itself counts', [NOWIN_A, NOWIN_B], '2026-02-10', { resolved: 11, rule: 'first_observed' }],
  ['a later observation is never used', [NOWIN_A, NOWIN_B], '2026-02-09', { resolved: 10, rule: 'first_observed' }],
  // Mixed timelines: one rule
  [
    'mixed: an observed version ends an open window that began before it',
    [MARCH_LIST, JULY_UNDATED],
    '2026-07-20',
    { resolved: 21, rule: 'first_observed', window: { from: '2026-07-15', to: null } },
  ],
  [
    'mixed: the open window still decides the day before the observation',
    [MARCH_LIST, JULY_UNDATED],
    '2026-07-14',
    { resolved: 20, rule: 'publisher_effective_window', window: { from: '2026-03-01', to: '2026-07-14' } },
  ],
  [
    'mixed: an observed version supersedes a stated window from its first observation',
    [Q1, NOWIN_A],
    '2026-02-01',
    { resolved: 10, rule: 'first_observed' },
  ],
  [
    'mixed: a stated window decides before the observed version was seen',
    [Q1, NOWIN_A],
    '2026-01-09',
    { resolved: 1, rule: 'publisher_effective_window' },
  ],
  [
    'mixed: an undated import then a dated one starting later: the dated one decides from its start',
    [JULY_UNDATED, AUG_DATED_LATE],
    '2026-08-05',
    { resolved: 22, rule: 'publisher_effective_window' },
  ],
  [
    'mixed: the undated import decides until the dated one starts',
    [JULY_UNDATED, AUG_DATED_LATE],
    '2026-07-31',
    { resolved: 21, rule: 'first_observed', window: { from: '2026-07-15', to: '2026-07-31' } },
  ],
  [
    'mixed: a dated version and an undated one starting the same day are reissues (last observed wins)',
    [v(40, '2026-07-15', null, '2026-07-16'), v(41, null, null, '2026-07-15T18:00:00.000Z')],
    '2026-08-01',
    { resolved: 40, rule: 'publisher_effective_window', superseded: [41] },
  ],
  // Gaps
  ['no versions', [], '2026-01-01', { gap: 'no_versions' }],
  ['before the first window', [Q1, Q2], '2025-12-31', { gap: 'before_first_version' }],
  ['before the first observation', [NOWIN_A, NOWIN_B], '2026-01-09', { gap: 'before_first_version' }],
  ['mixed: before both', [MARCH_LIST, JULY_UNDATED], '2026-02-28', { gap: 'before_first_version' }],
  ['between windows', [Q1, Q2, Q4], '2026-08-15', { gap: 'between_windows' }],
  ['after the last window', [Q1, Q2], '2026-07-01', { gap: 'after_last_window' }],
  [
    'same start, different stated ends',
    [Q2, SAME_START_SHORTER],
    '2026-05-10',
    { gap: 'ambiguous', candidates: [2, 9] },
  ],
  [
    'reissues observed at the same instant',
    [Q2_REISSUE, SAME_TIME],
    '2026-05-10',
    { gap: 'ambiguous', candidates: [4, 8] },
  ],
  [
    'two versions first observed at the same instant',
    [NOWIN_A, NOWIN_B, NOWIN_TIE],
    '2026-03-01',
    { gap: 'ambiguous', candidates: [11, 12] },
  ],
];

/** Policies used below: the spec's thresholds (stale / critical days). */
const MONTHLY: AsOfPolicy = { cadence: 'monthly', staleDays: 45, criticalDays: 100 };
const QUARTERLY_RELEASES: AsOfPolicy = {
  cadence: 'quarterly',
  staleDays: 100,
  criticalDays: 200,
  releaseMonths: [1, 4, 7, 10],
};

const policyCases: [string, AsOfVersion[], string, AsOfPolicy, Expect | { stale: number; resolved: number }][] = [
  ['fresh open list', [MARCH_LIST], '2026-04-10', MONTHLY, { resolved: 20, rule: 'publisher_effective_window' }],
  [
    'stale but under the critical age: decides, flagged',
    [MARCH_LIST],
    '2026-05-01',
    MONTHLY,
    { stale: 61, resolved: 20 },
  ],
  ['the day before the critical age', [MARCH_LIST], '2026-06-08', MONTHLY, { stale: 99, resolved: 20 }],
  [
    'at the critical age: a stale_version gap',
    [MARCH_LIST],
    '2026-06-09',
    MONTHLY,
    { gap: 'stale_version', candidates: [20] },
  ],
  [
    'a later fetch that saw the same bytes as the newest version resets the age',
    [{ ...MARCH_LIST, last_seen_at: '2026-06-01T10:00:00.000Z' }],
    '2026-07-01',
    MONTHLY,
    { resolved: 20, rule: 'publisher_effective_window' },
  ],
  [
    'an observed version ages from its first observation',
    [JULY_UNDATED],
    '2026-11-01',
    MONTHLY,
    { gap: 'stale_version', candidates: [21] },
  ],
  [
    'a stated window is never aged: the publisher gave its end',
    [Q1],
    '2026-03-31',
    { cadence: 'weekly', staleDays: 10, criticalDays: 21 },
    { resolved: 1, rule: 'publisher_effective_window' },
  ],
  [
    'a January release does not stand in after the April release date',
    [v(50, '2025-01-01', null, '2024-12-10')],
    '2025-05-15',
    QUARTERLY_RELEASES,
    { gap: 'missing_release', candidates: [50] },
  ],
  [
    'the January release decides until the April release date',
    [v(50, '2025-01-01', null, '2024-12-10')],
    '2025-03-31',
    QUARTERLY_RELEASES,
    { resolved: 50, rule: 'publisher_effective_window' },
  ],
  [
    'the 2019 annual file is not in force in 2024',
    [v(51, '2019-01-01', null, '2018-11-02')],
    '2024-06-01',
    QUARTERLY_RELEASES,
    { gap: 'missing_release', candidates: [51] },
  ],
  [
    'a release archived between keeps the earlier one closed (implied end), not missing',
    [v(50, '2025-01-01', null, '2024-12-10'), v(52, '2025-04-01', null, '2025-03-10')],
    '2025-05-15',
    QUARTERLY_RELEASES,
    { resolved: 52, rule: 'publisher_effective_window' },
  ],
  [
    'a January release with July archived but April missing: the gap names April only',
    [v(50, '2025-01-01', null, '2024-12-10'), v(53, '2025-07-01', null, '2025-06-10')],
    '2025-05-15',
    QUARTERLY_RELEASES,
    { gap: 'missing_release', candidates: [50] },
  ],
];

describe('decideAsOf', () => {
  it.each(cases)('%s', (_name, versions, date, expected) => {
    const d = decideAsOf(versions, date);
    if ('resolved' in expected) {
      expect(d.status).toBe('resolved');
      if (d.status !== 'resolved') return;
      expect(d.version.version_id).toBe(expected.resolved);
      expect(d.rule).toBe(expected.rule);
      expect(d.superseded.map((s) => s.version_id)).toEqual(expected.superseded ?? []);
      if (expected.window) expect(d.window).toEqual(expected.window);
      // Never a version that begins after the date.
      expect((d.version.publisher_effective_from ?? d.version.observed_from.slice(0, 10)) <= date).toBe(true);
    } else {
      expect(d.status).toBe('gap');
      if (d.status !== 'gap') return;
      expect(d.reason).toBe(expected.gap);
      expect(d.detail.length).toBeGreaterThan(10);
      if (expected.candidates) expect(d.candidates.map((c) => c.version_id)).toEqual(expected.candidates);
    }
  });

  it.each(policyCases)('with a cadence policy: %s', (_name, versions, date, policy, expected) => {
    const d = decideAsOf(versions, date, policy);
    if ('stale' in expected) {
      expect(d.status).toBe('resolved');
      if (d.status !== 'resolved') return;
      expect(d.version.version_id).toBe(expected.resolved);
      expect(d.freshness).toMatchObject({ class: 'stale', age_days: expected.stale });
    } else if ('resolved' in expected) {
      expect(d.status).toBe('resolved');
      if (d.status !== 'resolved') return;
      expect(d.version.version_id).toBe(expected.resolved);
      if (d.freshness) expect(d.freshness.class).toBe('fresh');
    } else {
      expect(d.status).toBe('gap');
      if (d.status !== 'gap') return;
      expect(d.reason).toBe(expected.gap);
      if (expected.candidates) expect(d.candidates.map((c) => c.version_id)).toEqual(expected.candidates);
      if (d.reason === 'stale_version') {
        expect(d.freshness!.age_days).toBeGreaterThanOrEqual(policy.criticalDays);
        expect(d.detail).toMatch(new RegExp(`Version ${d.candidates[0]!.version_id}\\b.*\\d+ days`));
      }
    }
  });

  it('names exactly the missing releases', () => {
    const d = decideAsOf(
      [v(50, '2025-01-01', null, '2024-12-10'), v(53, '2025-07-01', null, '2025-06-10')],
      '2025-05-15',
      QUARTERLY_RELEASES,
    );
    expect(d.status === 'gap' && d.missing_releases).toEqual(['2025-04-01']);
    const old = decideAsOf([v(51, '2019-01-01', null, '2018-11-02')], '2019-11-01', QUARTERLY_RELEASES);
    expect(old.status === 'gap' && old.missing_releases).toEqual(['2019-04-01', '2019-07-01', '2019-10-01']);
  });

  it('covers every gap reason', () => {
    const covered = new Set([
      ...cases.flatMap(([, , , e]) => ('gap' in e ? [e.gap] : [])),
      ...policyCases.flatMap(([, , , , e]) => ('gap' in e ? [e.gap] : [])),
    ]);
    expect([...covered].sort()).toEqual([...GAP_REASONS].sort());
  });

  it('is independent of the order versions are given in', () => {
    for (const [, versions, date] of cases) {
      expect(decideAsOf([...versions].reverse(), date)).toEqual(decideAsOf(versions, date));
    }
  });

  it('ranks format alternates of one release observed at the same instant instead of calling them ambiguous', () => {
    const at = '2025-03-10T06:00:00.000Z';
    const txt = v(60, '2025-04-01', null, at, { name: 'HCPC2025_APR_ANWEB.txt' });
    const xlsx = v(61, '2025-04-01', null, at, { name: 'HCPC2025_APR_ANWEB.xlsx' });
    const policy: AsOfPolicy = { ...QUARTERLY_RELEASES, formatRank: (n) => (/\.txt$/i.test(n) ? 0 : 1) };
    const d = decideAsOf([xlsx, txt], '2025-05-01', policy);
    expect(d.status === 'resolved' && d.version.version_id).toBe(60);
    expect(decideAsOf([xlsx, txt], '2025-05-01').status).toBe('gap');
  });

  it('names the rule of each version and the kind of timeline', () => {
    expect(versionRule(Q1)).toBe('publisher_effective_window');
    expect(versionRule(NOWIN_A)).toBe('first_observed');
    expect(timelineKind([Q1, Q2])).toBe('windowed');
    expect(timelineKind([NOWIN_A])).toBe('observed');
    expect(timelineKind([Q1, NOWIN_A])).toBe('mixed');
    expect(timelineKind([])).toBeNull();
  });

  it('takes the policy of each registered source from its declared cadence', () => {
    expect(asOfPolicy('oig_leie')).toMatchObject({ cadence: 'monthly', staleDays: 45, criticalDays: 100 });
    expect(asOfPolicy('cms_hcpcs_level2')).toMatchObject({ cadence: 'quarterly', criticalDays: 200 });
    expect(asOfPolicy('cms_mcd')).toMatchObject({ cadence: 'weekly', criticalDays: 21 });
    expect(asOfPolicy('no_such_source')).toBeUndefined();
  });

  it('dayBefore crosses month and leap-day boundaries', () => {
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
  });
});
