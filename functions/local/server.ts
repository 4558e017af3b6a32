import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { buildStartingApp } from '../../shared/app/build';
import { ensureStorage } from '../../shared/aws/bootstrap';
import { buildDeps } from '../../shared/aws/deps';
import type { Config } from '../../shared/config';
import type { Deps } from '../../shared/deps';
import { type Engines, startEngines } from '../../shared/local/engines';
import { advertiseEngines, findLiveEngines, withdrawEngines } from '../../shared/local/lock';
import type { Logger } from '../../shared/log';
import { buildFullApp } from '../app';
import { STARTUP_STEPS } from './startup';

export interface LocalServer {
  baseUrl: string;
  deps: Deps;
  engines: Engines;
  /** Lines worth printing after start (demo key once, sample data loaded, ...). */
  notes: string[];
  close(): Promise<void>;
}

/**
 * `npm start`: the production app on Node, with dynalite and s3rver started in this process and
 * persisting under the data folder. Tables and bucket are created when absent, then the start-up
 * steps (signing key, demo key, sample data) run; all are idempotent, so a restart changes nothing.
 */
export async function startLocalServer(
  base: Config,
  opts: {
    persist?: boolean /** Where logs go (default JSON lines on stdout; `npm run mcp` keeps stdout for JSON-RPC). */;
    logger?: Logger;
  } = {},
): Promise<LocalServer> {
  const persist = opts.persist ?? true;
  if (persist) {
    const live = findLiveEngines(base.dataDir);
    if (live && live.pid !== process.pid) {
      throw new Error(`Another server (pid ${live.pid}) already owns ${base.dataDir}; stop it or set DATA_DIR.`);
    }
  }
  const engines = await startEngines({ dataDir: persist ? base.dataDir : undefined, host: '127.0.0.1' });
  const config: Config = Object.freeze({
    ...base,
    endpoints: Object.freeze({ dynamodb: engines.dynamodbEndpoint, s3: engines.s3Endpoint }),
  });
  let server: ReturnType<typeof serve> | undefined;
  try {
    // Claim the port before any start-up step writes: a port clash then stops start-up before a
    // demo key is generated (its secret is shown once) or samples are seeded. Until the app is
    // built, requests get a 503 problem.
    const deps = buildDeps(config, { logger: opts.logger });
    let app = buildStartingApp(deps);
    const listening = serve({ fetch: (req, env) => app.fetch(req, env), port: config.port, hostname: config.host });
    server = listening;
    await new Promise<void>((resolve, reject) => {
      listening.once('listening', () => resolve());
      listening.once('error', reject);
    });
    await ensureStorage(config, deps.clients);
    const notes: string[] = [];
    for (const step of STARTUP_STEPS) notes.push(...(await step(deps)));
    app = buildFullApp(deps);
    const port = (server.address() as AddressInfo).port;
    const baseUrl = `http://localhost:${port}`;
    if (persist) {
      advertiseEngines(config.dataDir, {
        pid: process.pid,
        dynamodbEndpoint: engines.dynamodbEndpoint,
        s3Endpoint: engines.s3Endpoint,
        baseUrl,
        startedAt: new Date().toISOString(),
      });
    }
    return {
      baseUrl,
      deps,
      engines,
      notes,
      async close() {
        if (persist) withdrawEngines(config.dataDir);
        await new Promise<void>((resolve) => server?.close(() => resolve()));
        deps.clients.dynamodb.destroy();
        deps.clients.s3.destroy();
        await engines.stop();
      },
    };
  } catch (e) {
    await new Promise<void>((resolve) => (server?.listening ? server.close(() => resolve()) : resolve()));
    await engines.stop();
    throw e;
  }
}
