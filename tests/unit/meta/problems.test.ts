import * as fs from 'node:fs';
import * as path from 'node:path';
import { problemTypes } from '../../../functions/meta/problem-catalog';
import { metaGroup } from '../../../functions/meta/routes';
import { buildApp } from '../../../shared/app/build';
import { buildDeps } from '../../../shared/aws/deps';
import { parseConfig } from '../../../shared/config';
import { createLogger } from '../../../shared/log';

const root = path.resolve(__dirname, '../../..');
const config = parseConfig({ STORAGE: 'local', SIGNING_KEY_SOURCE: 'none', LOG_LEVEL: 'silent' });
const app = buildApp([metaGroup], buildDeps(config, { logger: createLogger('silent') }));

/** Every `code = '...'` an error class declares in shared/ or functions/. */
function declaredCodes(): string[] {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) {
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/readonly code(?:: string)? = '([a-z0-9-]+)'/g)) {
          codes.add(m[1]!);
        }
      }
    }
  };
  walk(path.join(root, 'shared'));
  walk(path.join(root, 'functions'));
  return [...codes].sort();
}

describe('GET /problems/{code}', () => {
  it('describes every problem code an error class declares, plus internal-error', () => {
    const catalog = problemTypes().map((p) => p.code);
    expect(declaredCodes().filter((c) => !catalog.includes(c))).toEqual([]);
    expect(catalog).toContain('internal-error');
    expect(new Set(catalog).size).toBe(catalog.length);
  });

  it('the type URI of a rendered problem leads to its description page', async () => {
    const problem = (await (await app.request('/resources/no-such-doc')).json()) as { type: string };
    const res = await app.request(new URL(problem.type).pathname, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('404 Not found');
    expect(html).toContain('id="description"');
  });

  it('answers JSON for API clients, with the same code, status and title as the error class', async () => {
    for (const p of problemTypes()) {
      const body = (await (await app.request(`/problems/${p.code}`)).json()) as Record<string, unknown>;
      expect(body).toEqual({ ...p, type: `${config.publicBaseUrl}/problems/${p.code}` });
      expect(String(body.description).length).toBeGreaterThan(20);
    }
  });

  it('GET /problems lists them; an unknown code is a 404 problem', async () => {
    const list = (await (await app.request('/problems')).json()) as { items: { code: string }[] };
    expect(list.items.map((i) => i.code)).toEqual(problemTypes().map((p) => p.code));
    const res = await app.request('/problems/no-such-problem');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });
});
