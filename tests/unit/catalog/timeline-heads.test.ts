import { addDays } from '../../../shared/archive/as-of';
import { inForce, sourcesNeedingHistory } from '../../../shared/catalog/in-force';
import {
  headContent,
  type SourceTimeline,
  type StoredCatalogVersion,
  timelineOfHeads,
} from '../../../shared/catalog/timeline';
import type { Item } from '../../../shared/storage/table';
import { testDataset } from '../../integration/catalog/listing-fixture';

/**
 * Catalog timelines read from bounded heads (issue 16 point 2): for every date, either the heads
 * decide it alone with the same answer as every version, or `sourcesNeedingHistory` names the
 * source to read whole. Snapshots and supplements, windowed and observed, loaded or not.
 */
const dataset = testDataset('zz_heads');
const SOURCE = 'zz_listing';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function history(seed: number): StoredCatalogVersion[] {
  const r = rng(seed);
  const out: StoredCatalogVersion[] = [];
  let id = 1;
  let day = '2000-01-01';
  for (let i = 0; i < 40; i++) {
    day = addDays(day, 20 + Math.floor(r() * 80));
    const windowed = r() < 0.7;
    const observed = r() < 0.2 ? addDays(day, Math.floor(r() * 40)) : day; // some backfills
    out.push(
      version(
        id++,
        'zzl:1',
        windowed ? day : null,
        windowed && r() < 0.2 ? addDays(day, 30) : null,
        observed,
        r() < 0.5,
      ),
    );
    for (let k = Math.floor(r() * 3); k > 0; k--) {
      const s = addDays(day, Math.floor(r() * 60));
      out.push(version(id++, 'zzl:2', s, null, s, r() < 0.5));
    }
  }
  return out;
}

function version(
  id: number,
  doc: string,
  from: string | null,
  to: string | null,
  observed: string,
  loaded: boolean,
): StoredCatalogVersion {
  const v: StoredCatalogVersion = {
    source_id: SOURCE,
    doc_id: doc,
    version_id: id,
    sha256: id.toString(16).padStart(64, '0'),
    name: `f${id}.csv`,
    publisher_version: null,
    publisher_effective_from: from,
    publisher_effective_to: to,
    observed_from: `${observed}T12:00:00.000Z`,
    last_seen_at: null,
  };
  if (loaded) v.loaded = { version_id: id, rows: id, loaded_at: 'x', loader_version: '1', generation: '1' };
  return v;
}

function full(all: readonly StoredCatalogVersion[]): Map<string, SourceTimeline> {
  const docs = ['zzl:1', 'zzl:2'].map((d) =>
    headContent(
      dataset.id,
      SOURCE,
      d,
      all.filter((v) => v.doc_id === d),
    ),
  );
  return new Map([[SOURCE, timelineOfHeads(SOURCE, docs as unknown as Item[])]]);
}

describe('catalog timeline heads', () => {
  it('decide a date alone exactly when they answer as every version does', () => {
    let fromHeads = 0;
    let withHistory = 0;
    let wrongAlone = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const all = history(seed);
      const whole = full(all);
      expect(whole.get(SOURCE)!.partial).toBeUndefined();
      const heads = new Map([
        [
          SOURCE,
          timelineOfHeads(
            SOURCE,
            ['zzl:1', 'zzl:2'].map((d) =>
              headContent(
                dataset.id,
                SOURCE,
                d,
                all.filter((v) => v.doc_id === d),
                6,
              ),
            ) as unknown as Item[],
          ),
        ],
      ]);
      expect(heads.get(SOURCE)!.counts).toEqual({ versions: all.length, loaded: all.filter((v) => v.loaded).length });
      for (let date = '1999-12-01'; date < '2012-01-01'; date = addDays(date, 11)) {
        const want = inForce(dataset, whole, date);
        if (sourcesNeedingHistory(dataset, heads, date).length) {
          withHistory++;
          if (JSON.stringify(inForce(dataset, heads, date)) !== JSON.stringify(want)) wrongAlone++;
        } else {
          fromHeads++;
          expect(inForce(dataset, heads, date)).toEqual(want);
        }
      }
    }
    // Both paths are exercised: recent dates from the heads, older ones over every version.
    expect(fromHeads).toBeGreaterThan(500);
    expect(withHistory).toBeGreaterThan(500);
    // ...and the history is needed: many of those dates the heads alone would answer wrong.
    expect(wrongAlone).toBeGreaterThan(100);
  });
});
