import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { startLocalServer } from '../../../functions/local/server';
import { buildStartingApp } from '../../../shared/app/build';
import { buildDeps } from '../../../shared/aws/deps';
import { parseConfig } from '../../../shared/config';

/**
 * `npm start` claims its port before any start-up step writes: a port already taken stops start-up
 * before a signing key or a demo key (whose secret is shown once) is generated, or samples seeded.
 */
describe('npm start on a port already in use', () => {
  it('fails with EADDRINUSE and leaves the data folder without keys', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'port-clash-'));
    try {
      const config = parseConfig({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
      await expect(startLocalServer(config)).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(fs.existsSync(path.join(dataDir, 'signing-key.json'))).toBe(false);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 problem+json (retryable) for any path while the start-up steps run', async () => {
    const deps = buildDeps(parseConfig({ STORAGE: 'local', SIGNING_KEY_SOURCE: 'none', LOG_LEVEL: 'silent' }));
    const res = await buildStartingApp(deps).request('/rules/warrant?hcpcs=E0601');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 503, detail: expect.stringMatching(/still starting/) });
  });
});
