import * as fs from 'node:fs';
import * as path from 'node:path';
import { Archive } from '../../shared/archive/ingest';
import type { Deps } from '../../shared/deps';
import { syncFacts } from '../../shared/facts/pipeline';

export interface ManifestEntry {
  source_id: string;
  path: string;
  publisher_version: string | null;
  effective_from: string | null;
  effective_to: string | null;
  note?: string;
}

const ROOT = path.resolve(__dirname, '../..');

export function fixtureManifest(): ManifestEntry[] {
  return JSON.parse(
    fs.readFileSync(path.join(ROOT, 'tests/fixtures/publisher/manifest.json'), 'utf8'),
  ) as ManifestEntry[];
}

/**
 * Archive the fixture histories through the real ingest path (observed on their effective dates,
 * as a backfill), then load their facts: the same path `npm start` seeds with.
 */
export async function seedFixtures(deps: Deps, filter: (e: ManifestEntry) => boolean = () => true) {
  const archive = new Archive(deps);
  for (const e of fixtureManifest().filter(filter)) {
    await archive.ingest({
      sourceId: e.source_id,
      name: path.basename(e.path),
      body: fs.readFileSync(path.join(ROOT, e.path)),
      publisherVersion: e.publisher_version,
      effectiveFrom: e.effective_from,
      effectiveTo: e.effective_to,
      origin: 'backfill',
      observedAt: new Date(`${e.effective_from ?? '2025-01-01'}T06:00:00Z`),
    });
  }
  return syncFacts(deps);
}
