import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import type { Deps } from '../deps';
import { getSource, SOURCES } from '../sources/registry';
import { importFile } from './import';
import { Archive } from './ingest';

/** The repository's own fixture files in publisher layouts (never the real publisher samples). */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/** The sample manifests of every registered source (each in its dataset folder). */
export function sampleManifests(): string[] {
  return SOURCES.flatMap((s) => (s.samples ? [path.join(REPO_ROOT, s.samples)] : []));
}

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

/** The entries of the manifests that exist, in chronological order (effective date, source, path). */
export function sampleEntries(manifestPaths: readonly string[]): (z.infer<typeof Entry> & { manifest: string })[] {
  const out: (z.infer<typeof Entry> & { manifest: string })[] = [];
  for (const p of manifestPaths) {
    if (!fs.existsSync(p)) continue;
    for (const e of Manifest.parse(JSON.parse(fs.readFileSync(p, 'utf8')))) out.push({ ...e, manifest: p });
  }
  const key = (e: z.infer<typeof Entry>) => `${e.effective_from ?? ''}\u0000${e.source_id}\u0000${e.path}`;
  return out.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * Import every file the sample manifests list (by default, every registered source's, from its
 * dataset folder) through the import path (origin `backfill`, then `live` for the days a sample
 * was seen again). Idempotent twice over: ingest never duplicates bytes or versions, and a marker
 * holding a digest of the manifests and their files' sizes skips the whole pass when nothing
 * changed since last time.
 */
export async function seedSamples(
  deps: Deps,
  manifestPaths: readonly string[] = sampleManifests(),
): Promise<SeedOutcome> {
  const present = manifestPaths.filter((p) => fs.existsSync(p));
  if (!present.length) return { status: 'no_manifest', files: 0, newVersions: 0, failed: [], unregistered: 0 };
  const listed = sampleEntries(present);
  const entries = listed.filter((e) => getSource(e.source_id));
  const unregistered = listed.length - entries.length;
  const resolve = (e: { path: string; manifest: string }) => {
    if (path.isAbsolute(e.path)) return e.path;
    const fromRoot = path.resolve(REPO_ROOT, e.path);
    return fs.existsSync(fromRoot) ? fromRoot : path.resolve(path.dirname(e.manifest), e.path);
  };
  const digest = createHash('sha256');
  for (const p of present) digest.update(fs.readFileSync(p));
  for (const e of entries)
    digest.update(`${e.path}\0${fs.statSync(resolve(e), { throwIfNoEntry: false })?.size ?? -1}\0`);
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
          file: resolve(e),
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
