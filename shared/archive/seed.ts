import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import type { Deps } from '../deps';
import { getSource } from '../sources/registry';
import { importFile } from './import';
import { Archive } from './ingest';

/** The repository's own fixture files in publisher layouts (never the real publisher samples). */
export const REPO_ROOT = path.resolve(__dirname, '../..');
export const SAMPLE_MANIFEST = path.join(REPO_ROOT, 'tests/fixtures/publisher/manifest.json');

const Entry = z.object({
  source_id: z.string(),
  path: z.string(),
  publisher_version: z.string().nullish(),
  effective_from: z.string().nullish(),
  effective_to: z.string().nullish(),
  observed_at: z.string().nullish(),
  /** Days a later fetch saw the same bytes again as the document's newest version (freshness evidence). */
  seen_again: z.array(z.string()).nullish(),
});
const Manifest = z.array(Entry);

const SEED_KEY = { pk: 'SEED', sk: 'publisher-samples' };

export interface SeedOutcome {
  status: 'seeded' | 'already' | 'no_manifest';
  files: number;
  newVersions: number;
  /** Entries that could not be imported, with the reason; seeding carries on past them. */
  failed: { path: string; error: string }[];
  /** Entries of sources not (yet) in the registry: left for the start after they are registered. */
  unregistered: number;
}

/**
 * Import every file the sample manifest lists through the import path (origin `backfill`).
 * Idempotent twice over: ingest never duplicates bytes or versions, and a marker holding a digest
 * of the manifest and its files' sizes skips the whole pass when nothing changed since last time.
 */
export async function seedSamples(deps: Deps, manifestPath = SAMPLE_MANIFEST): Promise<SeedOutcome> {
  if (!fs.existsSync(manifestPath))
    return { status: 'no_manifest', files: 0, newVersions: 0, failed: [], unregistered: 0 };
  const raw = fs.readFileSync(manifestPath);
  const listed = Manifest.parse(JSON.parse(raw.toString('utf8')));
  const entries = listed.filter((e) => getSource(e.source_id));
  const unregistered = listed.length - entries.length;
  const resolve = (p: string) => {
    if (path.isAbsolute(p)) return p;
    const fromRoot = path.resolve(REPO_ROOT, p);
    return fs.existsSync(fromRoot) ? fromRoot : path.resolve(path.dirname(manifestPath), p);
  };
  const digest = createHash('sha256').update(raw);
  for (const e of entries)
    digest.update(`${e.path}\0${fs.statSync(resolve(e.path), { throwIfNoEntry: false })?.size ?? -1}\0`);
  const fingerprint = digest.digest('hex');
  const marker = await deps.tables.archive.get(SEED_KEY, { consistent: true });
  if (marker?.fingerprint === fingerprint)
    return { status: 'already', files: entries.length, newVersions: 0, failed: [], unregistered };
  const archive = new Archive(deps);
  let newVersions = 0;
  const failed: SeedOutcome['failed'] = [];
  for (const e of entries) {
    try {
      const first = e.observed_at ? new Date(e.observed_at) : undefined;
      // Archived as a backfill, then seen again by the sample's (simulated) later fetch runs.
      const times = [first, ...(e.seen_again ?? []).map((d) => new Date(`${d}T06:00:00Z`))];
      for (const [i, observedAt] of times.entries()) {
        const r = await importFile(archive, {
          sourceId: e.source_id,
          file: resolve(e.path),
          publisherVersion: e.publisher_version ?? undefined,
          effectiveFrom: e.effective_from ?? undefined,
          effectiveTo: e.effective_to ?? undefined,
          observedAt,
          origin: i === 0 ? 'backfill' : 'live',
        });
        newVersions += r.files.filter((f) => f.newVersion).length;
      }
    } catch (err) {
      failed.push({ path: e.path, error: err instanceof Error ? err.message : String(err) });
    }
  }
  // A pass with failures is not marked done, so the next start retries it.
  if (!failed.length) {
    await deps.tables.archive.put({
      ...SEED_KEY,
      fingerprint,
      files: entries.length,
      seeded_at: deps.clock.now().toISOString(),
    });
  }
  return { status: 'seeded', files: entries.length - failed.length, newVersions, failed, unregistered };
}
