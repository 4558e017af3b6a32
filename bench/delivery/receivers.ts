import { type ChildProcess, fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTestPki } from '../../tests/integration/webhooks/tls-receiver';

export type Counts = { ok: number; slow: number; fail: number };

export interface Receivers {
  port: number;
  /** The throwaway CA the sender must trust (code injection only, as in the webhook tests). */
  ca: string;
  counts(): Promise<Counts>;
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;

/**
 * Start the benchmark's HTTPS receivers in a child process (bench/delivery/receiver-process.ts)
 * with an openssl-made CA and a certificate for `hostname`; the key material lives in `dir`.
 */
export async function startReceivers(dir: string, hostname: string, slowMs: number): Promise<Receivers> {
  const pki = makeTestPki(hostname);
  const keyFile = path.join(dir, 'receiver.key');
  const certFile = path.join(dir, 'receiver.pem');
  fs.writeFileSync(keyFile, pki.key, { mode: 0o600 });
  fs.writeFileSync(certFile, pki.cert);
  pki.cleanup();
  const child: ChildProcess = fork(path.join(__dirname, 'receiver-process.ts'), [keyFile, certFile, String(slowMs)], {
    execArgv: ['-r', require.resolve('@swc-node/register')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const closed = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('receivers did not start')), START_TIMEOUT_MS);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`receivers exited (${code})`)));
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve((m as { port: number }).port);
    });
  }).catch(async (e) => {
    child.kill('SIGKILL');
    await closed;
    throw e;
  });
  return {
    port,
    ca: pki.ca,
    counts: () =>
      new Promise<Counts>((resolve) => {
        child.once('message', (m) => resolve((m as { counts: Counts }).counts));
        child.send('stats');
      }),
    async close() {
      if (child.connected) child.disconnect();
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await closed;
      clearTimeout(killer);
    },
  };
}
