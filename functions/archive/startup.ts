import * as path from 'node:path';
import { Archive } from '../../shared/archive/ingest';
import { REPO_ROOT, sampleManifests, seedSamples } from '../../shared/archive/seed';
import type { Deps } from '../../shared/deps';

/**
 * `npm start` step: finish any version a crashed writer left pending, then (unless
 * SEED_SAMPLE_DATA=false) import the sample files of every dataset folder
 * (`shared/datasets/<source_id>/fixtures/manifest.json`) through the same import path as
 * `npm run archive -- import`. Idempotent: a restart seeds nothing.
 */
export async function seedArchive(
  deps: Deps,
  manifests: string | readonly string[] = sampleManifests(),
): Promise<string[]> {
  const list = typeof manifests === 'string' ? [manifests] : manifests;
  const lines: string[] = [];
  const repaired = await new Archive(deps).repair();
  if (repaired) lines.push(`Archive: finished ${repaired} version(s) a previous run left pending.`);
  if (!deps.config.seedSampleData) return [...lines, 'Archive: sample seeding off (SEED_SAMPLE_DATA=false).'];
  const where =
    list.length === 1 ? path.relative(REPO_ROOT, list[0]!) : `${list.length} dataset folders' fixtures/manifest.json`;
  const out = await seedSamples(deps, list);
  if (out.status === 'no_manifest') lines.push(`Archive: no sample manifest at ${where}; nothing seeded.`);
  else if (out.status === 'already')
    lines.push(`Archive: sample files already seeded (${out.files} listed in ${where}).`);
  else lines.push(`Archive: seeded ${out.files} sample file(s) from ${where}: ${out.newVersions} new version(s).`);
  if (out.unregistered)
    lines.push(`  Archive: ${out.unregistered} listed file(s) belong to sources not registered yet; skipped.`);
  for (const f of out.failed) lines.push(`  Archive: could not seed ${f.path}: ${f.error}`);
  return lines;
}
