import { FRESHNESS_THRESHOLDS, judgeFreshness } from '../../../shared/sources/freshness';
import type { Cadence } from '../../../shared/sources/types';

const DAY = 86_400_000;
const now = new Date('2025-06-30T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const registeredAt = '2020-01-01T00:00:00.000Z';

/** The specification's table, restated here so a change to the code's table fails this test. */
const SPEC: [Cadence, number, number][] = [
  ['daily', 2, 8],
  ['weekly', 10, 21],
  ['monthly', 45, 100],
  ['quarterly', 100, 200],
  ['annual', 400, 550],
];

describe('freshness thresholds (spec: States and transitions)', () => {
  it('are the specification table', () => {
    expect(Object.entries(FRESHNESS_THRESHOLDS).map(([c, t]) => [c, t.stale, t.critical])).toEqual(SPEC);
  });

  // Each edge: one millisecond before the threshold, exactly at it, and one millisecond after.
  const edges = SPEC.flatMap(([cadence, stale, critical]) => [
    [cadence, 0, 'fresh'],
    [cadence, stale * DAY - 1, 'fresh'],
    [cadence, stale * DAY, 'stale'],
    [cadence, stale * DAY + 1, 'stale'],
    [cadence, critical * DAY - 1, 'stale'],
    [cadence, critical * DAY, 'critical'],
    [cadence, critical * DAY + 1, 'critical'],
  ]) as [Cadence, number, 'fresh' | 'stale' | 'critical'][];

  it.each(edges)('%s source loaded %i ms ago is %s', (cadence, age, expected) => {
    const f = judgeFreshness({ declared: { cadence }, registeredAt, lastLoadedAt: ago(age) }, now);
    expect(f.class).toBe(expected);
    expect(f.level).toBe(expected);
    expect(f.judged_from).toBe('last_load');
    expect(f.degrades_status).toBe(expected !== 'fresh');
  });

  it.each(edges)('a never-loaded %s source registered %i ms ago is `never`, judged %s', (cadence, age, expected) => {
    const f = judgeFreshness({ declared: { cadence }, registeredAt: ago(age), lastLoadedAt: null }, now);
    expect(f.class).toBe('never');
    expect(f.level).toBe(expected);
    expect(f.judged_from).toBe('registration');
    expect(f.degrades_status).toBe(expected !== 'fresh');
  });

  it('a loaded source is judged by its last load, not its (old) registration', () => {
    const f = judgeFreshness({ declared: { cadence: 'daily' }, registeredAt, lastLoadedAt: ago(DAY) }, now);
    expect(f).toMatchObject({ class: 'fresh', age_days: 1, stale_after_days: 2, critical_after_days: 8 });
  });

  it('exempt sources carry their reason and never degrade, however old', () => {
    for (const lastLoadedAt of [null, ago(5000 * DAY)]) {
      const f = judgeFreshness(
        { declared: { cadence: 'exempt', reason: 'hand-curated crosswalk' }, registeredAt, lastLoadedAt },
        now,
      );
      expect(f).toEqual({
        class: 'exempt',
        level: null,
        degrades_status: false,
        age_days: null,
        judged_from: null,
        stale_after_days: null,
        critical_after_days: null,
        reason: 'hand-curated crosswalk',
      });
    }
  });

  it('refuses an exempt declaration without a reason, and a load time in the future counts as age 0', () => {
    expect(() => judgeFreshness({ declared: { cadence: 'exempt', reason: ' ' }, registeredAt }, now)).toThrow(/reason/);
    const f = judgeFreshness({ declared: { cadence: 'daily' }, registeredAt, lastLoadedAt: ago(-DAY) }, now);
    expect(f).toMatchObject({ class: 'fresh', age_days: 0 });
  });
});
