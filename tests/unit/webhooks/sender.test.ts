import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { DELIVERY_TIMEOUT_MS, pinnedLookup, postPinned, type SendResult } from '../../../shared/webhooks/sender';

describe('sender', () => {
  it('pins: the lookup answers with the checked address for both callback forms and never asks DNS', () => {
    const lookup = pinnedLookup('93.184.215.14');
    const single = jest.fn();
    lookup('receiver.example.com', { family: 0 }, single);
    expect(single).toHaveBeenCalledWith(null, '93.184.215.14', 4);
    const all = jest.fn();
    lookup('receiver.example.com', { all: true }, all);
    expect(all).toHaveBeenCalledWith(null, [{ address: '93.184.215.14', family: 4 }]);
    const v6 = jest.fn();
    pinnedLookup('2606:4700::1111')('x', {}, v6);
    expect(v6).toHaveBeenCalledWith(null, '2606:4700::1111', 6);
  });

  describe('the default deadline is the spec 10 seconds', () => {
    let server: Server;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      // Accepts TCP and never answers the TLS handshake: only the deadline can end the attempt.
      server = createServer((s) => sockets.push(s));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    });
    afterAll(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    });
    afterEach(() => jest.useRealTimers());

    it('gives up at 10 000 ms and not before', async () => {
      expect(DELIVERY_TIMEOUT_MS).toBe(10_000);
      jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'performance'] });
      const port = (server.address() as AddressInfo).port;
      let settled: SendResult | undefined;
      const target = {
        url: new URL('https://receiver.example.com/hook'),
        hostname: 'receiver.example.com',
        port: 443,
        addresses: ['93.184.215.14'],
      };
      void postPinned(
        target,
        Buffer.from('{}'),
        {},
        {
          connectOverride: () => ({ host: '127.0.0.1', port }),
        },
      ).then((r) => {
        settled = r;
      });
      await jest.advanceTimersByTimeAsync(9_999);
      expect(settled).toBeUndefined();
      await jest.advanceTimersByTimeAsync(2);
      expect(settled).toMatchObject({ ok: false, status: null, failure: 'timeout' });
    });
  });
});
