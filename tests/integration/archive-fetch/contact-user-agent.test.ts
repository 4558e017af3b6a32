import * as fs from 'node:fs';
import * as path from 'node:path';
import { type FetchOptions, runFetch } from '../../../shared/archive/fetch';
import { getSource } from '../../../shared/sources/registry';
import { fixturePath } from '../../helpers/fixtures';
import { type Harness, startHarness } from '../../helpers/harness';
import { type PublisherServer, startPublisherServer } from '../../helpers/publisher-server';

/**
 * SEC's fair-access policy wants a contact in the User-Agent of every request: sec_edgar declares
 * it, so its file downloads (company_tickers.json, submissions.zip, companyfacts.zip) carry
 * FETCH_CONTACT as its JSON API pages do; a source that does not declare it never sends the address.
 */
describe('the contact User-Agent of a source that requires one', () => {
  let h: Harness;
  let server: PublisherServer;
  const SEC = fixturePath('sec_edgar');
  const LEIE = fixturePath('oig_leie');
  const CONTACT = 'ops@example.org';
  const options = (extra: FetchOptions = {}): FetchOptions => ({
    rewriteUrl: server.rewrite,
    allowInsecureHosts: ['127.0.0.1'],
    backoffMs: 5,
    maxAttempts: 1,
    timeoutMs: 5000,
    sleep: async () => {},
    ...extra,
  });
  const pathOf = (url: string) => new URL(server.rewrite(url)).pathname;

  beforeEach(async () => {
    h = await startHarness();
    server = await startPublisherServer();
    const bytes: Record<string, string> = {
      'company_tickers.json': 'company_tickers.json',
      'submissions.zip': '2025-03-10/submissions.zip',
      'companyfacts.zip': '2025-03-01/companyfacts.zip',
    };
    for (const u of getSource('sec_edgar')!.urls) {
      const file = bytes[path.posix.basename(new URL(u.url).pathname)]!;
      server.files.set(pathOf(u.url), { body: fs.readFileSync(path.join(SEC, file)) });
    }
    for (const u of getSource('oig_leie')!.urls)
      server.files.set(pathOf(u.url), {
        body: u.url.endsWith('.csv')
          ? fs.readFileSync(path.join(LEIE, '2025-01/UPDATED.csv'))
          : Buffer.from('<html></html>'),
        contentType: u.url.endsWith('.csv') ? 'text/csv' : 'text/html',
      });
  });
  afterEach(async () => {
    await server.close();
    await h.close();
  });

  it('sends the contact on every sec_edgar file download', async () => {
    const run = await runFetch(h.deps, 'sec_edgar', options({ contact: CONTACT }));
    expect(run.errors).toEqual([]);
    expect(run.status).toBe('succeeded');
    const paths = getSource('sec_edgar')!.urls.map((u) => pathOf(u.url));
    expect(server.log.map((r) => r.path).sort()).toEqual([...paths].sort());
    for (const r of server.log)
      expect(r.headers['user-agent']).toMatch(/^warrant-service-archive \(\+.*\) ops@example\.org$/);
  });

  it('fails a sec_edgar run without a contact before any request', async () => {
    const run = await runFetch(h.deps, 'sec_edgar', options({ contact: undefined }));
    expect(run.status).toBe('failed');
    expect(run.errors[0]?.message).toMatch(/FETCH_CONTACT/);
    expect(server.log).toEqual([]);
  });

  it('sends no contact for a source that does not require one', async () => {
    const run = await runFetch(h.deps, 'oig_leie', options({ contact: CONTACT }));
    expect(server.log.length).toBeGreaterThan(0);
    expect(run.errors).toEqual([]);
    for (const r of server.log) {
      expect(r.headers['user-agent']).toMatch(/^warrant-service-archive /);
      expect(r.headers['user-agent']).not.toContain(CONTACT);
    }
  });
});
