import * as fs from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Local HTTPS webhook receivers for the delivery benchmark, in their own process (forked by
 * bench/delivery/receivers.ts) so their TLS and request work does not run on the sender's event
 * loop, as with real remote receivers. The answer depends on the path: `/slow/...` answers 204
 * after SLOW_MS (past the sender's 10 s deadline), `/fail/...` answers 500 at once, anything
 * else 204 at once.
 *
 *   receiver-process.ts <key.pem> <cert.pem> <slow-ms>
 *
 * Sends `{ port }` once listening; answers `'stats'` with how many requests each kind received.
 */
const [keyFile, certFile, slowArg] = process.argv.slice(2);
const slowMs = Number(slowArg);
const counts = { ok: 0, slow: 0, fail: 0 };
const timers = new Set<NodeJS.Timeout>();
const sockets = new Set<Socket>();

const server = createServer({ key: fs.readFileSync(keyFile!), cert: fs.readFileSync(certFile!) }, (req, res) => {
  req.resume();
  req.on('end', () => {
    const kind = req.url?.startsWith('/slow/') ? 'slow' : req.url?.startsWith('/fail/') ? 'fail' : 'ok';
    counts[kind]++;
    if (kind === 'fail') res.writeHead(500).end();
    else if (kind === 'ok') res.writeHead(204).end();
    else {
      const t = setTimeout(() => {
        timers.delete(t);
        if (!res.destroyed) res.writeHead(204).end();
      }, slowMs);
      timers.add(t);
    }
  });
});
server.on('secureConnection', (s: Socket) => {
  sockets.add(s);
  s.on('close', () => sockets.delete(s));
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));

process.on('message', (m) => {
  if (m === 'stats') process.send?.({ counts });
});
// The parent going away (or closing the channel) ends the receivers, pending slow answers included.
process.on('disconnect', () => {
  for (const t of timers) clearTimeout(t);
  for (const s of sockets) s.destroy();
  server.close(() => process.exit(0));
});
