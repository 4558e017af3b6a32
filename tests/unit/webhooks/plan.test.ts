import type { ChangeRecord, CodesStatus } from '../../../shared/archive/change-record';
import { codesStatusOf, initialCodesStatus } from '../../../shared/feed/codes-status';
import { changeScope, planDelivery } from '../../../shared/webhooks/plan';

const DAY = 86_400_000;
const NOW = Date.parse('2025-06-10T14:00:00Z');
const WINDOW_START = NOW - 14 * DAY;

function rec(
  versionId: number,
  codes: string[],
  status: CodesStatus,
  over: { daysAgo?: number; source_id?: string } = {},
): ChangeRecord {
  return {
    doc_id: `mue:${versionId}`,
    source_id: over.source_id ?? 'cms_ncci_mue',
    title: `Document ${versionId}`,
    publisher_version: null,
    version_id: versionId,
    publisher_effective_from: null,
    publisher_effective_to: null,
    observed_from: new Date(NOW - (over.daysAgo ?? 1) * DAY).toISOString(),
    origin: 'live',
    sha256: 'a'.repeat(64),
    affected_codes: codes,
    affected_codes_status: status,
    versions_url: `https://example.test/v1/archive/docs/mue:${versionId}/versions`,
  };
}

const ids = (cs: ChangeRecord[]) => cs.map((c) => c.version_id);

describe('changeScope: three-way scope of a change for a subscription', () => {
  it('a code scope answers unknown for pending codes, in or out once they are known', () => {
    const scope = changeScope({ codes: ['E0601'] });
    expect(scope(rec(1, ['E0601'], 'mapped'))).toBe('in');
    expect(scope(rec(2, ['A4253'], 'mapped'))).toBe('out');
    expect(scope(rec(3, [], 'mapped'))).toBe('out');
    expect(scope(rec(4, [], 'none'))).toBe('out');
    expect(scope(rec(5, [], 'pending'))).toBe('unknown');
  });

  it('sources decide first; without codes pending changes are simply in scope', () => {
    const both = changeScope({ codes: ['E0601'], sourceIds: ['cms_ncci_ptp'] });
    expect(both(rec(1, [], 'pending'))).toBe('out');
    expect(both(rec(2, [], 'pending', { source_id: 'cms_ncci_ptp' }))).toBe('unknown');
    expect(changeScope({ sourceIds: ['cms_ncci_mue'] })(rec(3, [], 'pending'))).toBe('in');
    expect(changeScope({})(rec(4, [], 'pending'))).toBe('in');
  });
});

describe('planDelivery: what a subscription is sent and how far its cursor may move', () => {
  const byCode = changeScope({ codes: ['E0601'] });

  it('without pending codes: sends the in-scope changes, settles at the head', () => {
    const feed = [rec(10, ['E0601'], 'mapped'), rec(11, [], 'none'), rec(12, ['E0601'], 'mapped')];
    const plan = planDelivery(feed, 9, byCode, WINDOW_START, 12);
    expect(ids(plan.send)).toEqual([10, 12]);
    expect(plan).toMatchObject({ heldAt: null, onSuccess: 12, onFailure: 9, expiredUnknown: [] });
  });

  it('a pending change holds the cursor just before it; known changes around it are still sent', () => {
    const feed = [
      rec(10, ['E0601'], 'mapped'),
      rec(11, [], 'none'),
      rec(12, [], 'pending'),
      rec(13, ['E0601'], 'mapped'),
      rec(14, [], 'pending'),
    ];
    const plan = planDelivery(feed, 9, byCode, WINDOW_START, 14);
    expect(ids(plan.send)).toEqual([10, 13]);
    expect(plan).toMatchObject({ heldAt: 12, onSuccess: 11, onFailure: 9 });
    // Nothing known to send: the cursor still moves, but only up to the held change.
    const idle = planDelivery(feed, 10, byCode, WINDOW_START, 14);
    expect(ids(idle.send)).toEqual([13]);
    expect(planDelivery(feed.slice(0, 3), 10, byCode, WINDOW_START, 12)).toMatchObject({
      send: [],
      heldAt: 12,
      onSuccess: 11,
      onFailure: 11,
    });
  });

  it('once loaded the held change is decided: sent if in scope, passed if not', () => {
    const loadedIn = [rec(12, ['E0601'], 'mapped'), rec(13, ['E0601'], 'mapped')];
    expect(ids(planDelivery(loadedIn, 11, byCode, WINDOW_START, 13).send)).toEqual([12, 13]);
    const loadedOut = [rec(12, ['A4253'], 'mapped'), rec(13, [], 'mapped')];
    expect(planDelivery(loadedOut, 11, byCode, WINDOW_START, 13)).toMatchObject({ send: [], onSuccess: 13 });
  });

  it('a change still pending past the 14-day window is passed and reported', () => {
    const feed = [rec(10, [], 'pending', { daysAgo: 15 }), rec(11, ['E0601'], 'mapped', { daysAgo: 2 })];
    const plan = planDelivery(feed, 9, byCode, WINDOW_START, 11);
    expect(ids(plan.send)).toEqual([11]);
    expect(ids(plan.expiredUnknown)).toEqual([10]);
    expect(plan).toMatchObject({ heldAt: null, onSuccess: 11, onFailure: 10 });
  });

  it('a subscription without codes is never held by pending codes', () => {
    const feed = [rec(10, [], 'pending'), rec(11, [], 'none')];
    const plan = planDelivery(feed, 9, changeScope({}), WINDOW_START, 11);
    expect(ids(plan.send)).toEqual([10, 11]);
    expect(plan).toMatchObject({ heldAt: null, onSuccess: 11 });
  });

  it('never moves a cursor backwards and ignores changes past the head read', () => {
    const feed = [rec(10, [], 'pending'), rec(11, ['E0601'], 'mapped')];
    expect(planDelivery(feed, 10, byCode, WINDOW_START, 11)).toMatchObject({ onSuccess: 11, onFailure: 10 });
    expect(planDelivery(feed, 9, byCode, WINDOW_START, 9)).toMatchObject({ send: [], onSuccess: 9 });
  });
});

describe('affected_codes_status of stored records', () => {
  it('a new record waits for a loader only where one exists', () => {
    expect(initialCodesStatus('mue:1')).toBe('pending');
    expect(initialCodesStatus('mcd:1')).toBe('none');
  });

  it('records from before the status: codes mean mapped; none mean pending only with a loader', () => {
    expect(codesStatusOf({ doc_id: 'mue:1', affected_codes: ['E0601'] })).toBe('mapped');
    expect(codesStatusOf({ doc_id: 'mue:1', affected_codes: [] })).toBe('pending');
    expect(codesStatusOf({ doc_id: 'mue:1' })).toBe('pending');
    expect(codesStatusOf({ doc_id: 'mcd:1', affected_codes: [] })).toBe('none');
    expect(codesStatusOf({ doc_id: 'mue:1', affected_codes: [], affected_codes_status: 'mapped' })).toBe('mapped');
    expect(codesStatusOf({ doc_id: 'mue:1', affected_codes: [], affected_codes_status: 'bogus' })).toBe('pending');
  });
});
