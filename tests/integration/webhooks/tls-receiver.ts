import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

/** A throwaway CA and a server certificate for `hostname`, made with the openssl CLI. */
export interface TestPki {
  ca: string;
  key: string;
  cert: string;
  cleanup(): void;
}

export function makeTestPki(hostname: string): TestPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-pki-'));
  const f = (n: string) => path.join(dir, n);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  ssl('req', '-x509', ...ec, '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '2', '-subj', '/CN=webhook test CA');
  ssl('req', ...ec, '-keyout', f('srv.key'), '-out', f('srv.csr'), '-subj', `/CN=${hostname}`);
  fs.writeFileSync(f('ext.cnf'), `subjectAltName=DNS:${hostname}\nbasicConstraints=CA:FALSE\n`);
  ssl(
    'x509',
    '-req',
    '-in',
    f('srv.csr'),
    '-CA',
    f('ca.pem'),
    '-CAkey',
    f('ca.key'),
    '-CAcreateserial',
    '-out',
    f('srv.pem'),
    '-days',
    '2',
    '-extfile',
    f('ext.cnf'),
  );
  return {
    ca: fs.readFileSync(f('ca.pem'), 'utf8'),
    key: fs.readFileSync(f('srv.key'), 'utf8'),
    cert: fs.readFileSync(f('srv.pem'), 'utf8'),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  /** The body bytes exactly as they arrived. */
  raw: Buffer;
  servername: string | undefined;
  at: number;
}

export type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTPS receiver on 127.0.0.1 whose answer per path is set by the test. */
export interface Receiver {
  port: number;
  received: Received[];
  /** How to answer requests to a path (default: 204). */
  on(path: string, b: Behaviour): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startReceiver(pki: TestPki): Promise<Receiver> {
  const received: Received[] = [];
  const behaviours = new Map<string, Behaviour>();
  const server: Server = createServer({ key: pki.key, cert: pki.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const tls = req.socket as unknown as { servername?: string };
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        raw: Buffer.concat(chunks),
        servername: tls.servername,
        at: Date.now(),
      });
      const b = behaviours.get(req.url ?? '') ?? ((_q, s) => s.writeHead(204).end());
      b(req, res);
    });
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('secureConnection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    on: (p, b) => behaviours.set(p, b),
    reset() {
      received.length = 0;
      behaviours.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
