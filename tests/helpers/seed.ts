import * as fs from 'node:fs';
import * as path from 'node:path';
import { Archive } from '../../shared/archive/ingest';
import { sampleEntries, sampleManifests } from '../../shared/archive/seed';
import type { Deps } from '../../shared/deps';
import { syncAll } from '../../shared/derive/sync-all';
import { syncFacts } from '../../shared/facts/pipeline';

export interface ManifestEntry {
  source_id: string;
  path: string;
  publisher_version: string | null;
  effective_from: string | null;
  effective_to: string | null;
  observed_at?: string | null;
  /** Days (YYYY-MM-DD) a later fetch saw the same bytes again as the document's newest version. */
  seen_again?: string[];
  note?: string;
}

const ROOT = path.resolve(__dirname, '../..');

/** Every registered source's sample entries (from their dataset folders), in chronological order. */
export function fixtureManifest(): ManifestEntry[] {
  return sampleEntries(sampleManifests()).map(({ manifest: _m, ...e }) => e as ManifestEntry);
}

/**
 * Archive the fixture histories through the real ingest path (observed on their effective dates,
 * as a backfill; then seen again on the entry's `seen_again` days, as the fetch runs of those days
 * would), then load their facts and catalog rows: the same path `npm start` seeds with.
 */
export async function seedFixtures(
  deps: Deps,
  filter: (e: ManifestEntry) => boolean = () => true,
  opts: { catalog?: boolean } = {},
) {
  const archive = new Archive(deps);
  for (const e of fixtureManifest().filter(filter)) {
    const body = fs.readFileSync(path.join(ROOT, e.path));
    // First archived as a backfill (when the manifest says, else on the effective date); then seen
    // again by the (simulated) fetch runs of later days.
    const first = e.observed_at ?? `${e.effective_from ?? '2025-01-01'}T06:00:00Z`;
    const at = [first, ...(e.seen_again ?? []).map((d) => `${d}T06:00:00Z`)];
    for (const [i, t] of at.entries()) {
      await archive.ingest({
        sourceId: e.source_id,
        name: path.basename(e.path),
        body,
        publisherVersion: e.publisher_version,
        effectiveFrom: e.effective_from,
        effectiveTo: e.effective_to,
        origin: i === 0 ? 'backfill' : 'live',
        observedAt: new Date(t),
      });
    }
  }
  // The catalog too (the warrant's exclusion screen reads it), unless the caller loads it itself.
  if (opts.catalog === false) return syncFacts(deps);
  return (await syncAll(deps)).facts;
}
