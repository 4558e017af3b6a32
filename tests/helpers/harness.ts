import { randomBytes } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { buildFullApp } from '../../functions/app';
import { ensureStorage } from '../../shared/aws/bootstrap';
import { buildDeps } from '../../shared/aws/deps';
import { type Env, parseConfig } from '../../shared/config';
import type { Clock, Deps } from '../../shared/deps';
import type { AppEnv } from '../../shared/http/types';
import { type Engines, startEngines } from '../../shared/local/engines';
import { createLogger } from '../../shared/log';

export interface Harness {
  engines: Engines;
  deps: ReturnType<typeof buildDeps>;
  app: OpenAPIHono<AppEnv>;
  /** In-process request through the full app. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Real engines (in-memory dynalite, temporary s3rver) and the real SDK adapters, with a fresh
 * table prefix and bucket so test files never share state.
 */
export async function startHarness(opts: { env?: Env; clock?: Clock; engines?: Engines } = {}): Promise<Harness> {
  const engines = opts.engines ?? (await startEngines());
  const suffix = randomBytes(4).toString('hex');
  const config = parseConfig({
    STORAGE: 'local',
    TABLE_PREFIX: `t${suffix}-`,
    ARCHIVE_BUCKET: `archive-${suffix}`,
    DATA_DIR: `/tmp/warrant-test-${suffix}`,
    PUBLIC_BASE_URL: 'http://localhost:8787',
    SIGNING_KEY_SOURCE: 'none',
    LOG_LEVEL: 'silent',
    DYNAMODB_ENDPOINT: engines.dynamodbEndpoint,
    S3_ENDPOINT: engines.s3Endpoint,
    ...opts.env,
  });
  const deps = buildDeps(config, { clock: opts.clock, logger: createLogger('silent') });
  await ensureStorage(config, deps.clients);
  const app = buildFullApp(deps);
  return {
    engines,
    deps,
    app,
    request: async (path, init) => app.request(path, init),
    async close() {
      deps.clients.dynamodb.destroy();
      deps.clients.s3.destroy();
      if (!opts.engines) await engines.stop();
    },
  };
}

export type { Deps };
