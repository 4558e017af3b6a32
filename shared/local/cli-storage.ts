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
  const configured = config.storage === 'aws' || Boolean(config.endpoints.dynamodb);
  const live = configured ? undefined : findLiveEngines(config.dataDir);
  const own = configured || live ? undefined : await startEngines({ dataDir: config.dataDir, host: '127.0.0.1' });
  const at = live ?? own;
  const cfg: Config = at
    ? Object.freeze({ ...config, endpoints: Object.freeze({ dynamodb: at.dynamodbEndpoint, s3: at.s3Endpoint }) })
    : config;
  const deps = buildDeps(cfg, { logger: createLogger('silent') });
  if (own) {
    advertiseEngines(config.dataDir, {
      pid: process.pid,
      dynamodbEndpoint: own.dynamodbEndpoint,
      s3Endpoint: own.s3Endpoint,
      baseUrl: '',
      startedAt: new Date().toISOString(),
    });
  }
  try {
    if (own) await ensureStorage(cfg, deps.clients);
    return await fn(deps, own ? 'own-engines' : live ? 'live-server' : 'configured');
  } finally {
    if (own) withdrawEngines(config.dataDir);
    deps.clients.dynamodb.destroy();
    deps.clients.s3.destroy();
    await own?.stop();
  }
}
