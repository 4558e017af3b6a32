import { type AsOfVersion, dayBefore, decideAsOf, GAP_REASONS } from '../../../shared/archive/as-of';

/** v(id, from, to, observed): a version with an optional publisher window. */
const v = (version_id: number, from: string | null, to: string | null, observed: string): AsOfVersion => ({
  version_id,
  publisher_effective_from: from,
  publisher_effective_to: to,
  observed_from: observed.length === 10 ? `${observed}T12:00:00.000Z` : observed,
});

type Expect =
  | { resolved: number; rule: string; superseded?: number[]; window?: { from: string; to: string | null } }
  | { gap: string; rule: string | null; candidates?: number[] };

const Q1 = v(1, '2026-01-01', '2026-03-31', '2025-12-15');
const Q2 = v(2, '2026-04-01', '2026-06-30', '2026-03-20');
const Q4 = v(3, '2026-10-01', '2026-12-31', '2026-09-20');
const Q2_REISSUE = v(4, '2026-04-01', '2026-06-30', '2026-05-02');
const OPEN_2024 = v(5, '2024-01-01', null, '2024-01-03');
const OPEN_2025 = v(6, '2025-01-01', null, '2025-01-02');
const OVERLAP = v(7, '2026-03-01', '2026-05-31', '2026-02-01');
const SAME_TIME = v(8, '2026-04-01', '2026-06-30', '2026-05-02');
const NOWIN_A = v(10, null, null, '2026-01-10T08:00:00.000Z');
const NOWIN_B = v(11, null, null, '2026-02-10T08:00:00.000Z');
const NOWIN_TIE = v(12, null, null, '2026-02-10T08:00:00.000Z');

const cases: [string, AsOfVersion[], string, Expect][] = [
  // Rule publisher_effective_window
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
    'versions without a window are ignored when others carry one',
    [Q1, NOWIN_A],
    '2026-02-01',
    { resolved: 1, rule: 'publisher_effective_window' },
  ],
  [
    'a window is used even when observed after the date (the publisher states it)',
    [v(20, '2026-01-01', '2026-03-31', '2026-02-15')],
    '2026-01-05',
    { resolved: 20, rule: 'publisher_effective_window' },
  ],
  // Rule first_observed
  ['latest observed on or before the date', [NOWIN_A, NOWIN_B], '2026-03-01', { resolved: 11, rule: 'first_observed' }],
  ['observed on the date itself counts', [NOWIN_A, NOWIN_B], '2026-02-10', { resolved: 11, rule: 'first_observed' }],
  ['a later observation is never used', [NOWIN_A, NOWIN_B], '2026-02-09', { resolved: 10, rule: 'first_observed' }],
  // Gaps
  ['no versions', [], '2026-01-01', { gap: 'no_versions', rule: null }],
  [
    'before the first window',
    [Q1, Q2],
    '2025-12-31',
    { gap: 'before_first_version', rule: 'publisher_effective_window' },
  ],
  ['between windows', [Q1, Q2, Q4], '2026-08-15', { gap: 'between_windows', rule: 'publisher_effective_window' }],
  ['after the last window', [Q1, Q2], '2026-07-01', { gap: 'after_last_window', rule: 'publisher_effective_window' }],
  [
    'two different windows contain the date',
    [Q1, Q2, OVERLAP],
    '2026-04-15',
    { gap: 'ambiguous', rule: 'publisher_effective_window', candidates: [7, 2] },
  ],
  [
    'reissues observed at the same instant',
    [Q2_REISSUE, SAME_TIME],
    '2026-05-10',
    { gap: 'ambiguous', rule: 'publisher_effective_window', candidates: [4, 8] },
  ],
  [
    'before the first observation',
    [NOWIN_A, NOWIN_B],
    '2026-01-09',
    { gap: 'before_first_version', rule: 'first_observed' },
  ],
  [
    'two versions first observed at the same instant',
    [NOWIN_A, NOWIN_B, NOWIN_TIE],
    '2026-03-01',
    { gap: 'ambiguous', rule: 'first_observed', candidates: [11, 12] },
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
      if (d.rule === 'publisher_effective_window') expect(d.version.publisher_effective_from! <= date).toBe(true);
      else expect(d.version.observed_from.slice(0, 10) <= date).toBe(true);
    } else {
      expect(d.status).toBe('gap');
      if (d.status !== 'gap') return;
      expect(d.reason).toBe(expected.gap);
      expect(d.rule).toBe(expected.rule);
      expect(d.detail.length).toBeGreaterThan(10);
      if (expected.candidates) expect(d.candidates.map((c) => c.version_id)).toEqual(expected.candidates);
    }
  });

  it('covers every gap reason in the table', () => {
    const covered = new Set(cases.flatMap(([, , , e]) => ('gap' in e ? [e.gap] : [])));
    expect([...covered].sort()).toEqual([...GAP_REASONS].sort());
  });

  it('is independent of the order versions are given in', () => {
    const a = decideAsOf([Q1, Q2, Q2_REISSUE], '2026-05-01');
    const b = decideAsOf([Q2_REISSUE, Q2, Q1], '2026-05-01');
    expect(a).toEqual(b);
  });

  it('dayBefore crosses month and leap-day boundaries', () => {
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
  });
});
