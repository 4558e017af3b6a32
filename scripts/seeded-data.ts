import { type LocalServer, startLocalServer } from '../functions/local/server';
import { type Env, parseConfig } from '../shared/config';
import { copyOf, madeOnce } from './made-once';

/**
 * The data folder `npm start` makes on its first start (signing key, demo key, the sample archive
 * and its loads), made once per content of the tree (./made-once.ts): the contract report
 * (`npm run generate`) and the suites that start the seeded server share it.
 */
export function seededDataFolder(): Promise<string> {
  return madeOnce('server-seeded', { fixtures: true }, async (dir) => {
    const config = parseConfig({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    const first = await startLocalServer({ ...config, seedSampleData: true }, { persist: true });
    await first.close();
  });
}

/**
 * `npm start`'s local server over a private copy of the seeded data folder: this start runs the
 * start-up steps again on the copy, which finds everything in place, as a restart of `npm start`
 * does. `env` is the caller's own configuration (port, keys, signing); DATA_DIR is the copy's and
 * sample seeding is on. `close()` also removes the copy.
 */
export async function startSeededServer(env: Env): Promise<LocalServer> {
  const copy = copyOf(await seededDataFolder(), 'server-seeded');
  const config = parseConfig({ ...env, DATA_DIR: copy.dir });
  try {
    const server = await startLocalServer({ ...config, seedSampleData: true }, { persist: true });
    return {
      ...server,
      async close() {
        await server.close();
        copy.remove();
      },
    };
  } catch (e) {
    copy.remove();
    throw e;
  }
}
