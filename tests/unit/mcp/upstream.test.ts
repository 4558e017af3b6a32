import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as net from 'node:net';
import { upstreamDispatch } from '../../../shared/mcp/upstream';

/** Tool calls over HTTP: one retry on a connection the other side had closed, errors that name the service. */
async function listen(server: Server | net.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('upstreamDispatch', () => {
  it('sends the request to the base URL, without following redirects', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers['x-api-key']}`);
      if (req.url === '/moved') {
        res.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    const base = await listen(server);
    try {
      const dispatch = upstreamDispatch(base);
      const res = await dispatch('/rules/ncci/mue?hcpcs=E0601', { method: 'GET', headers: { 'x-api-key': 'k' } });
      expect(await res.text()).toBe('{"ok":true}');
      expect((await dispatch('/moved', { method: 'GET' })).status).toBe(302);
      expect(seen).toEqual(['GET /rules/ncci/mue?hcpcs=E0601 k', 'GET /moved undefined']);
    } finally {
      server.close();
    }
  });

  it('sends once more when the connection is closed before any answer, and only once', async () => {
    let connections = 0;
    let closeAll = true;
    const server = net.createServer((socket) => {
      connections++;
      socket.once('data', () => {
        if (closeAll || connections === 1) socket.destroy();
        else
          socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
      });
    });
    const base = await listen(server);
    try {
      closeAll = false;
      const res = await upstreamDispatch(base)('/x', { method: 'GET' });
      expect(await res.text()).toBe('ok');
      expect(connections).toBe(2);
      closeAll = true;
      connections = 0;
      await expect(upstreamDispatch(base)('/x', { method: 'GET' })).rejects.toThrow(
        /cannot reach the service at http:\/\/127\.0\.0\.1:\d+: fetch failed \(UND_ERR_SOCKET\)/,
      );
      expect(connections).toBe(2);
    } finally {
      server.close();
    }
  });

  it('a refused connection is not retried, and a slow one times out, each a tool error naming the service', async () => {
    const closed = createServer();
    const gone = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(upstreamDispatch(gone)('/x', { method: 'GET' })).rejects.toThrow(
      /cannot reach the service at http:\/\/127\.0\.0\.1:\d+: fetch failed \(ECONNREFUSED\)/,
    );
    const server = createServer(() => undefined);
    const base = await listen(server);
    try {
      await expect(upstreamDispatch(base, 200)('/x', { method: 'GET' })).rejects.toThrow(/no answer within 0.2 s/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
    await expect(upstreamDispatch(Promise.reject(new Error('port in use')))('/x', {})).rejects.toThrow(
      /the service did not start: port in use/,
    );
  });
});
