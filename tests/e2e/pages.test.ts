import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import type { LocalServer } from '../../functions/local/server';
import { startSeededServer } from '../../scripts/seeded-data';
import { createTestKey } from '../helpers/keys';
import { pngStats } from '../helpers/png';
import { SHARED_SETUP_TIMEOUT_MS } from '../helpers/seeded-world';

/** Debian's chromium (installed by .ci/run). Without it this suite fails in CI and says so locally. */
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
const IN_CI = process.env.CI === 'true';

const suite = CHROMIUM || IN_CI ? describe : describe.skip;
if (!CHROMIUM && !IN_CI) {
  console.warn(
    '[e2e] SKIPPED the browser pages suite: Debian chromium is not installed (apt-get install chromium; .ci/run does this).',
  );
}

suite('HTML pages in headless Chromium', () => {
  let server: LocalServer;
  let browser: Browser;
  let key: string;
  const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'pages-'));

  beforeAll(async () => {
    if (!CHROMIUM) throw new Error('Debian chromium is required in CI: .ci/run must apt-get install chromium');
    server = await startSeededServer({ PORT: '0', SIGNING_KEY_SOURCE: 'none', LOG_LEVEL: 'silent' });
    key = (await createTestKey(server.deps, 'pro', ['warrant'])).secret;
    await server.deps.tables.keys.probe();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, SHARED_SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each([
    ['/sources?format=html', '#sources-table', 'sources'],
    ['/status', '#status-table', 'status'],
    ['/my-usage?format=html', '#usage-chart', 'my-usage'],
  ])('%s renders its main %s visibly', async (url, selector, name) => {
    const page = await browser.newPage({ extraHTTPHeaders: { 'X-API-Key': key, Accept: 'text/html' } });
    if (name === 'my-usage') {
      // Spend some allowance first so the chart has a bar to draw.
      for (let i = 0; i < 3; i++) await page.request.get(`${server.baseUrl}/sources`);
    }
    const res = await page.goto(`${server.baseUrl}${url}`);
    expect(res?.status()).toBeLessThan(500);
    expect(res?.headers()['content-type']).toMatch(/text\/html/);
    const el = page.locator(selector).first();
    await expect(el.isVisible()).resolves.toBe(true);
    const box = await el.boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    expect(box!.height).toBeGreaterThan(20);
    const png = await el.screenshot({ path: path.join(shots, `${name}.png`) });
    const stats = pngStats(png);
    expect(stats.width).toBeGreaterThan(100);
    expect(stats.colors).toBeGreaterThan(3);
    await page.close();
  });

  it('pages carry the security headers, and their CSP blocks any injected script', async () => {
    const page = await browser.newPage({ extraHTTPHeaders: { 'X-API-Key': key, Accept: 'text/html' } });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto(`${server.baseUrl}/status`);
    const h = res!.headers();
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['content-security-policy']).toMatch(/default-src 'none'/);
    expect(h['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(h['content-security-policy']).not.toMatch(/script-src/);
    expect(h['cache-control']).toBe('private, no-store');
    // An injected inline script does not run, and the browser reports the policy.
    await page.addScriptTag({ content: 'window.__injected = 1;' }).catch(() => undefined);
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    expect(violations.length).toBeGreaterThan(0);
    await page.close();
  });

  it('/docs runs only its own scripts: no CSP violation while Swagger UI renders, an injected script is refused', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto(`${server.baseUrl}/docs`);
    const csp = res!.headers()['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(res!.headers()['cache-control']).toBeUndefined();
    await page.locator('.opblock').first().waitFor({ state: 'visible', timeout: 20_000 });
    expect(violations).toEqual([]);
    await page.addScriptTag({ content: 'window.__injected = 1;' }).catch(() => undefined);
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    expect(violations.length).toBeGreaterThan(0);
    await page.close();
  });

  it('/docs renders Swagger UI from this server alone (every other host is blocked)', async () => {
    const page = await browser.newPage();
    const offHost: string[] = [];
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(server.baseUrl)) return route.continue();
      offHost.push(route.request().url());
      return route.abort();
    });
    const res = await page.goto(`${server.baseUrl}/docs`);
    expect(res?.status()).toBe(200);
    const title = page.locator('.swagger-ui .info .title').first();
    await title.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await title.textContent()).toContain('Warrant service API');
    await page.locator('.opblock').first().waitFor({ state: 'visible', timeout: 20_000 });
    // Swagger UI renders the operations tag by tag: wait for all of them, not the first.
    await page.waitForFunction(() => document.querySelectorAll('.opblock').length > 50, null, { timeout: 20_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(50);
    expect(offHost).toEqual([]);
    await page.close();
  });
});
