import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import type { Env } from '../shared/config';
import type { Engines } from '../shared/local/engines';
import { bundleWorker } from './ingest/bundle';
import { type ChildRun, runChild } from './ingest/rss';

/**
 * The configuration a bench's harness and its loading child share: the in-process engines, a table
 * prefix and bucket of their own (`tag` names the suite), data under `dir`.
 */
export function childEnv(engines: Engines, dir: string, tag: string): Env {
  const suffix = randomBytes(4).toString('hex');
  return {
    STORAGE: 'local',
    TABLE_PREFIX: `${tag}${suffix}-`,
    ARCHIVE_BUCKET: `bench-${tag}-${suffix}`,
    DATA_DIR: path.join(dir, 'data'),
    LOG_LEVEL: 'silent',
    SIGNING_KEY_SOURCE: 'none',
    DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
    S3_ENDPOINT: engines.s3Endpoint,
  };
}

/** What bench/hcris/load-worker.ts prints: the load's time, the resident set after start-up and its peak (VmHWM). */
export interface CatalogLoadResult {
  ms: number;
  baselineKib: number;
  peakKib: number;
}

/**
 * Loads every catalog version archived in the engines `env` names (syncCatalog) in a child process
 * bundled as the Lambdas are (bench/hcris/load-worker.ts, built into `dir`), under a V8 old-space
 * cap of `heapMb` (0 for none). The engines stay in the calling process, so the child's peak RSS is
 * the loader's alone. Rejects when the child fails or outlives `timeoutMs`.
 */
export async function loadCatalogInChild(
  dir: string,
  env: Env,
  heapMb: number,
  timeoutMs: number,
): Promise<ChildRun<CatalogLoadResult>> {
  const worker = await bundleWorker(dir, path.join(__dirname, 'hcris/load-worker.ts'));
  return runChild<CatalogLoadResult>(
    [...(heapMb ? [`--max-old-space-size=${heapMb}`] : []), worker, JSON.stringify(env)],
    timeoutMs,
  );
}
