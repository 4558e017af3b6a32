import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONTENT_DIRS, CONTENT_FILES, readContent } from '../../../functions/meta/content';
import { commentTitle, markdownTitle } from '../../../functions/meta/documents';
import { metaGroup } from '../../../functions/meta/routes';
import { buildApp } from '../../../shared/app/build';
import { buildDeps } from '../../../shared/aws/deps';
import { parseConfig } from '../../../shared/config';
import { createLogger } from '../../../shared/log';

const root = path.resolve(__dirname, '../../..');
const config = parseConfig({ STORAGE: 'local', SIGNING_KEY_SOURCE: 'none', LOG_LEVEL: 'silent' });
// Public pages only: storage clients are built but never called.
const app = buildApp([metaGroup], buildDeps(config, { logger: createLogger('silent') }));
const get = (p: string, init?: RequestInit) => app.request(p, init);

describe('GET /openapi.json and /docs', () => {
  it('serves the committed contract byte-for-byte in meaning', async () => {
    const res = await get('/openapi.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(fs.readFileSync(path.join(root, 'contract/openapi.json'), 'utf8')));
  });

  it('serves Swagger UI pointed at /openapi.json', async () => {
    const res = await get('/docs');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('SwaggerUIBundle');
    expect(html).toContain("url: '/openapi.json'");
    // No CDN: the page's script and styles come from this deployment.
    expect(html).not.toMatch(/https?:\/\//);
    for (const [asset, type] of [
      ['/docs/assets/swagger-ui-bundle.js', /^text\/javascript/],
      ['/docs/assets/swagger-ui.css', /^text\/css/],
    ] as const) {
      expect(html).toContain(asset);
      const a = await get(asset);
      expect([asset, a.status]).toEqual([asset, 200]);
      expect(a.headers.get('content-type')).toMatch(type);
      expect((await a.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    }
  });

  it('answers 404 problem+json for any other docs asset name, never a file outside the two', async () => {
    for (const p of ['/docs/assets/package.json', '/docs/assets/..%2F..%2Fpackage.json', '/docs/assets/LICENSE']) {
      const res = await get(p);
      expect([p, res.status]).toEqual([p, 404]);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });
});

describe('GET /changelog', () => {
  it('is CHANGELOG.md verbatim, as text/markdown', async () => {
    const res = await get('/changelog');
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await res.text()).toBe(fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'));
  });

  it('keeps the published grouping: ISO dates, then only the six group names', () => {
    const text = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
    const headings = text.split('\n').filter((l) => /^#{2,}\s/.test(l));
    expect(headings.length).toBeGreaterThan(1);
    let dates = 0;
    for (const h of headings) {
      if (h.startsWith('### ')) expect(h).toMatch(/^### (Added|Changed|Fixed|Deprecated|Removed|Security)$/);
      else {
        expect(h).toMatch(/^## \d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${h.slice(3)}T00:00:00Z`).toISOString().slice(0, 10)).toBe(h.slice(3));
        dates++;
      }
    }
    const order = headings.filter((h) => h.startsWith('## ')).map((h) => h.slice(3));
    expect(order).toEqual([...order].sort().reverse());
    expect(dates).toBeGreaterThan(0);
  });
});

describe('GET /resources and /resources/{slug}', () => {
  it('lists every docs/resources markdown file with its heading as title', async () => {
    const body = (await (await get('/resources')).json()) as { items: { slug: string; title: string; url: string }[] };
    const files = fs.readdirSync(path.join(root, 'docs/resources')).filter((f) => f.endsWith('.md'));
    expect(body.items.map((i) => `${i.slug}.md`)).toEqual(files.sort());
    for (const slug of ['archive-and-as-of', 'warrant-method', 'attestation', 'freshness']) {
      const item = body.items.find((i) => i.slug === slug)!;
      const text = fs.readFileSync(path.join(root, 'docs/resources', `${slug}.md`), 'utf8');
      expect(item.title).toBe(text.split('\n')[0]!.replace(/^# /, ''));
      expect(item.url).toBe(`${config.publicBaseUrl}/resources/${slug}`);
      const one = await get(`/resources/${slug}`);
      expect(one.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(await one.text()).toBe(text);
    }
  });

  it('pages the list', async () => {
    const body = (await (await get('/resources?limit=1&offset=1')).json()) as { items: unknown[]; next_offset: number };
    expect(body.items).toHaveLength(1);
    expect(body.next_offset).toBe(2);
  });

  it('404 for an unknown slug, 400 naming the parameter for a malformed one', async () => {
    expect((await get('/resources/no-such-doc')).status).toBe(404);
    const bad = await get('/resources/..%2Fsecrets');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { loc: string[] }[] }).errors[0]!.loc).toEqual(['path', 'slug']);
  });
});

describe('GET /examples/{lang}', () => {
  it('404 for a language without a sample', async () => {
    expect((await get('/examples/cobol')).status).toBe(404);
  });
});

describe('pricing, checkout, legacy plans URL', () => {
  it('GET /pricing lists the five tiers with the specified daily allowances', async () => {
    const body = (await (await get('/pricing')).json()) as {
      tiers: { tier: string; daily_requests: number; entitlements: string[] }[];
    };
    const byTier = Object.fromEntries(body.tiers.map((t) => [t.tier, t]));
    expect(body.tiers.map((t) => t.tier)).toEqual(['free', 'starter', 'pro', 'scale', 'enterprise']);
    expect(byTier.free!.daily_requests).toBe(10_000);
    expect(byTier.starter!.daily_requests).toBe(50_000);
    expect(byTier.pro!.daily_requests).toBe(500_000);
    expect(byTier.enterprise!.daily_requests).toBe(10_000_000);
    expect(byTier.scale!.daily_requests).toBeGreaterThan(500_000);
    expect(byTier.scale!.daily_requests).toBeLessThan(10_000_000);
    expect(byTier.free!.entitlements).not.toContain('warrant');
    expect(byTier.starter!.entitlements).toContain('warrant');
  });

  it('GET /pricing is an HTML table for browsers', async () => {
    const res = await get('/pricing', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<table id="tiers">');
    expect(html).toContain('10,000,000');
  });

  it('POST /checkout answers a 503 problem saying payment is not configured', async () => {
    const res = await get('/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tier: 'pro' }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const body = (await res.json()) as { type: string; detail: string };
    expect(body.type).toMatch(/\/problems\/payment-not-configured$/);
    expect(body.detail).toMatch(/Payment configuration is absent/);
    expect((await get('/checkout', { method: 'POST' })).status).toBe(503);
  });

  it('GET /billing/plans is a permanent redirect to /pricing', async () => {
    const res = await get('/billing/plans');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/pricing');
  });
});

describe('content collection', () => {
  it('the bundle collector (scripts/meta-content.mjs) reads the same files as functions/meta/content.ts', () => {
    const mjs = fs.readFileSync(path.join(root, 'scripts/meta-content.mjs'), 'utf8');
    const list = (name: string) =>
      JSON.parse(new RegExp(`${name} = (\\[[^\\]]*\\])`).exec(mjs)![1]!.replace(/'/g, '"'));
    expect(list('CONTENT_FILES')).toEqual([...CONTENT_FILES]);
    expect(list('CONTENT_DIRS')).toEqual([...CONTENT_DIRS]);
    expect(Object.keys(readContent(root))).toEqual(expect.arrayContaining(['CHANGELOG.md', 'examples/python.py']));
  });

  it('titles come from the first heading or comment line', () => {
    expect(markdownTitle('intro\n# The title  \n# Second', 'x')).toBe('The title');
    expect(markdownTitle('no heading', 'fallback')).toBe('fallback');
    expect(commentTitle('#!/bin/sh\n# curl: a sample\nset -e', 'x')).toBe('curl: a sample');
    expect(commentTitle('// TS sample\nimport x', 'x')).toBe('TS sample');
    expect(commentTitle('import x\n// late', 'fallback')).toBe('fallback');
  });
});
