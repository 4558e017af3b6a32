import { type AsOfPolicy, addDays, decideAsOf } from '../../../shared/archive/as-of';
import type { StoredTimelineVersion } from '../../../shared/facts/timeline';
import { HEAD_VERSIONS, headOf, needsHistory } from '../../../shared/facts/timeline-head';
import { versionRuns } from '../../../shared/facts/version-runs';

/** A deterministic pseudo-random sequence (the test must fail the same way every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function version(id: number, from: string | null, to: string | null, observed: string): StoredTimelineVersion {
  return {
    version_id: id,
    doc_id: 'mue:3',
    title: 'MUE',
    sha256: id.toString(16).padStart(64, '0'),
    name: `f${id}.csv`,
    publisher_version: from ? `label ${id}` : null,
    publisher_effective_from: from,
    publisher_effective_to: from ? to : null,
    observed_from: `${observed}T12:00:00.000Z`,
    last_seen_at: null,
  };
}

/** A history of `n` versions: mostly quarterly windows, some observed-only, some stated ends, backfills out of order. */
function history(n: number, seed: number): StoredTimelineVersion[] {
  const r = rng(seed);
  const out: StoredTimelineVersion[] = [];
  let day = '2000-01-01';
  for (let id = 1; id <= n; id++) {
    day = addDays(day, 20 + Math.floor(r() * 80));
    const kind = r();
    const observed = addDays(day, Math.floor(r() * 10));
    if (kind < 0.6) out.push(version(id, day, null, observed));
    else if (kind < 0.8) out.push(version(id, day, addDays(day, 30 + Math.floor(r() * 400)), observed));
    else out.push(version(id, null, null, observed));
  }
  // Backfills: ids do not follow starts.
  for (let i = 0; i < n / 10; i++) {
    const a = Math.floor(r() * n);
    const b = Math.floor(r() * n);
    const va = out[a]!;
    const vb = out[b]!;
    [va.version_id, vb.version_id] = [vb.version_id, va.version_id];
  }
  return out;
}

const policy: AsOfPolicy = { cadence: 'quarterly', staleDays: 120, criticalDays: 200, releaseMonths: [1, 4, 7, 10] };

/** The decision without the timeline kind (a head stores the kind of all versions apart). */
function decision(versions: readonly StoredTimelineVersion[], date: string) {
  const d = decideAsOf(versions, date, policy);
  const { timeline: _t, ...rest } = d;
  return JSON.stringify(rest);
}

describe('a document head', () => {
  it('lists at most HEAD_VERSIONS versions and stays the same size however long the history', () => {
    const sizes = [100, 300, 500].map((n) => {
      const head = headOf('cms_ncci_mue', 'mue:3', history(n, n));
      expect(head.versions.length).toBe(HEAD_VERSIONS);
      expect(head.total).toBe(n);
      expect(head.complete).toBe(false);
      return Buffer.byteLength(JSON.stringify(head));
    });
    expect(Math.max(...sizes)).toBeLessThan(40_000);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThan(2_000);
  });

  it('is complete, and decides every date, while the document has no more than HEAD_VERSIONS versions', () => {
    const head = headOf('cms_ncci_mue', 'mue:3', history(HEAD_VERSIONS, 7));
    expect(head).toMatchObject({ complete: true, decides_from: null, total: HEAD_VERSIONS });
  });

  it('decides exactly as all versions on and after decides_from, for every date', () => {
    for (const seed of [1, 2, 3]) {
      const all = history(200, seed);
      const head = headOf('cms_ncci_mue', 'mue:3', all);
      expect(head.decides_from).not.toBeNull();
      const from = head.decides_from!;
      // Every day from decides_from to a year past the newest start (weekly, plus the edge days).
      const last = addDays(
        head.versions[0]!.publisher_effective_from ?? head.versions[0]!.observed_from.slice(0, 10),
        400,
      );
      for (let d = from; d <= last; d = addDays(d, 5)) expect(decision(head.versions, d)).toBe(decision(all, d));
      expect(decision(head.versions, from)).toBe(decision(all, from));
      expect(needsHistory({ from }, from)).toBe(false);
      expect(needsHistory({ from }, addDays(from, -1))).toBe(true);
    }
  });

  it('needs the history for an older date, where the head alone would answer wrongly', () => {
    const all = history(200, 11);
    const head = headOf('cms_ncci_mue', 'mue:3', all);
    const older = addDays(head.decides_from!, -400);
    expect(needsHistory({ from: head.decides_from }, older)).toBe(true);
    expect(decision(head.versions, older)).not.toBe(decision(all, older));
  });

  it('keeps the kind of all versions when the listed ones are all of one kind', () => {
    const all = [
      version(1, null, null, '2001-01-01'),
      ...Array.from({ length: 80 }, (_, i) => version(i + 2, addDays('2002-01-01', i * 90), null, '2002-01-01')),
    ];
    const head = headOf('cms_ncci_mue', 'mue:3', all);
    expect(head.versions.every((v) => v.publisher_effective_from !== null)).toBe(true);
    expect(head.kind).toBe('mixed');
  });

  it('is never enough alone when a left-out version has an open window (many reissues of one start)', () => {
    const all = Array.from({ length: HEAD_VERSIONS + 1 }, (_, i) => version(i + 1, '2020-01-01', null, '2020-01-02'));
    expect(headOf('cms_ncci_mue', 'mue:3', all)).toMatchObject({ complete: false, decides_from: null });
    expect(needsHistory({ from: null }, '2030-01-01')).toBe(true);
  });
});

describe('version runs of the facts reads', () => {
  it('joins wanted ids with no other version of the source between them', () => {
    expect(versionRuns([101, 102, 103, 104], [])).toEqual([[101, 104]]);
    expect(versionRuns([101, 104], [50, 200])).toEqual([[101, 104]]);
  });

  it('splits where a version not in force lies between', () => {
    expect(versionRuns([101, 103, 110], [102, 105])).toEqual([
      [101, 101],
      [103, 103],
      [110, 110],
    ]);
    expect(versionRuns([5, 6, 9], [7])).toEqual([
      [5, 6],
      [9, 9],
    ]);
  });
});
