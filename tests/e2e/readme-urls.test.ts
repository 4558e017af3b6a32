import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LocalServer } from '../../functions/local/server';
import { startSeededServer } from '../../scripts/seeded-data';
import { SHARED_SETUP_TIMEOUT_MS } from '../helpers/seeded-world';

/**
 * The README's "Local URLs to try" table, as a new user meets it: every concrete URL there (those
 * without a `{placeholder}`) is requested from the local server with the sample data seeded, as
 * `npm start` seeds it, and must answer (2xx or a redirect; a list, with at least one item). A row marked **key** is requested
 * with the demo key and must refuse a request without it; an unmarked row must answer without one.
 */
const root = path.resolve(__dirname, '../..');
const demoKey = `demo-${randomBytes(18).toString('base64url')}`;

interface Row {
  urls: string[];
  key: boolean;
}

function tableRows(): Row[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('## Local URLs to try');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end);
  return section
    .split('\n')
    .filter((l) => l.startsWith('| `/'))
    .map((l) => {
      const [urlCell, keyCell] = l.split('|').slice(1, 3);
      const urls = [...urlCell!.matchAll(/`(\/[^`]*)`/g)].map((m) => m[1]!).filter((u) => !u.includes('{'));
      return { urls, key: keyCell!.includes('key') };
    });
}

let server: LocalServer;

beforeAll(async () => {
  // The seeded data folder is shared with the other suites that start the seeded server (a copy each).
  server = await startSeededServer({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_API_KEY: demoKey });
}, SHARED_SETUP_TIMEOUT_MS);

afterAll(async () => {
  await server?.close();
});

describe('README "Local URLs to try" on the seeded local server', () => {
  const rows = tableRows();

  it('the table lists URLs, keyed and public', () => {
    expect(rows.flatMap((r) => r.urls).length).toBeGreaterThanOrEqual(20);
    expect(rows.some((r) => r.key)).toBe(true);
    expect(rows.some((r) => !r.key)).toBe(true);
  });

  it('every concrete URL answers, with the demo key where the row says key and without one elsewhere', async () => {
    const failures: string[] = [];
    for (const row of rows) {
      for (const url of row.urls) {
        const headers: Record<string, string> = row.key ? { 'x-api-key': demoKey } : {};
        const res = await fetch(`${server.baseUrl}${url}`, { headers, redirect: 'manual' });
        const body = await res.text();
        if (res.status >= 400) failures.push(`${url} -> ${res.status} ${body.slice(0, 300)}`);
        // A list shown as an example shows something.
        if (res.headers.get('content-type')?.includes('json')) {
          const items = (JSON.parse(body) as { items?: unknown }).items;
          if (Array.isArray(items) && items.length === 0) failures.push(`${url} -> an empty list`);
        }
        if (row.key) {
          const bare = await fetch(`${server.baseUrl}${url}`, { redirect: 'manual' });
          await bare.arrayBuffer();
          if (bare.status !== 401) failures.push(`${url} without a key -> ${bare.status} (the row says key)`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
