import * as net from 'node:net';

/** A port free right now on 127.0.0.1 (config needs a real one: PORT=0 is not accepted). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Every item of a paged list endpoint (limit 1000, following each page's `next` cursor). */
export async function allItems<T>(base: string, pathWithQuery: string, headers: Record<string, string>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const sep = pathWithQuery.includes('?') ? '&' : '?';
    const from = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await fetch(`${base}${pathWithQuery}${sep}limit=1000${from}`, { headers });
    if (res.status !== 200) throw new Error(`GET ${pathWithQuery}: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { items: T[]; next: string | null };
    out.push(...page.items);
    cursor = page.next;
  }
  return out;
}
