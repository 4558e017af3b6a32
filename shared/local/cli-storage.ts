import { ensureStorage } from '../aws/bootstrap';
import { buildDeps } from '../aws/deps';
import type { Config } from '../config';
import type { Deps } from '../deps';
import { createLogger } from '../log';
import { startEngines } from './engines';
import { advertiseEngines, findLiveEngines, withdrawEngines } from './lock';

/**
 * Storage for a command-line tool. AWS, or explicit endpoints, as configured; else the engines of
 * the server running on DATA_DIR (LevelDB allows one owner, so the data folder is never opened
 * twice); else engines started here on DATA_DIR, advertised while the command runs (so `npm start`
 * and other commands wait their turn or join in) and stopped after.
 */
export async function withCliStorage<T>(
  config: Config,
  fn: (deps: Deps, how: 'configured' | 'live-server' | 'own-engines') => Promise<T>,
): Promise<T> {
  const logger = createLogger('silent');
  const live = config.storage === 'local' && !config.endpoints.dynamodb ? findLiveEngines(config.dataDir) : undefined;
  if (config.storage === 'aws' || config.endpoints.dynamodb || live) {
    const cfg: Config = live
      ? Object.freeze({ ...config, endpoints: Object.freeze({ dynamodb: live.dynamodbEndpoint, s3: live.s3Endpoint }) })
      : config;
    const deps = buildDeps(cfg, { logger });
    try {
      return await fn(deps, live ? 'live-server' : 'configured');
    } finally {
      deps.clients.dynamodb.destroy();
      deps.clients.s3.destroy();
    }
  }
  const engines = await startEngines({ dataDir: config.dataDir, host: '127.0.0.1' });
  const cfg: Config = Object.freeze({
    ...config,
    endpoints: Object.freeze({ dynamodb: engines.dynamodbEndpoint, s3: engines.s3Endpoint }),
  });
  const deps = buildDeps(cfg, { logger });
  advertiseEngines(config.dataDir, {
    pid: process.pid,
    dynamodbEndpoint: engines.dynamodbEndpoint,
    s3Endpoint: engines.s3Endpoint,
    baseUrl: '',
    startedAt: new Date().toISOString(),
  });
  try {
    await ensureStorage(cfg, deps.clients);
    return await fn(deps, 'own-engines');
  } finally {
    withdrawEngines(config.dataDir);
    deps.clients.dynamodb.destroy();
    deps.clients.s3.destroy();
    await engines.stop();
  }
}
