import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildApp } from '../../infra/app';
import { JOBS } from '../../infra/jobs';
import { groupsOf, loadRoutes } from '../../infra/manifest';
import { namesFor } from '../../infra/naming';
import { readSettings } from '../../infra/settings';
import { builtBundles } from '../helpers/built-bundles';
import { environmentOf, synth, TEST_CONTEXT } from './synth';

/**
 * Issue 16 points 4 and 5. `cdk synth` (and so `cdk deploy`) builds the bundles itself: cdk.json's
 * build hook runs scripts/build.mjs into the folder the stacks read, so a fresh clone needs only
 * `npm ci`. The file Lambda loads at cold start is at most 1 MB in every function; what only some
 * paths need sits beside it in lazy/ and source maps stay out of it. Load times are the cold-start
 * bench's business (bench/suites/cold-start.ts), never a test's.
 */
const ROOT = path.resolve(__dirname, '../..');
const MAX_BUNDLE_BYTES = 1_000_000;

interface SizeRow {
  name: string;
  bytes: number;
  lazy: { package: string; file: string; bytes: number }[];
}

/** The `./lazy/<file>` paths a bundle requires. */
function lazyRequires(bundle: string): string[] {
  const text = fs.readFileSync(bundle, 'utf8');
  return [...new Set([...text.matchAll(/require\("(\.\/lazy\/[^"]+)"\)/g)].map((m) => m[1] as string))].sort();
}

describe("cdk.json's build hook", () => {
  const cdk = JSON.parse(fs.readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { build?: string };
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };

  it('runs scripts/build.mjs, as npm run build does', () => {
    expect(cdk.build).toMatch(/^node scripts\/build\.mjs(\s|$)/);
    expect(pkg.scripts.build).toMatch(/^node scripts\/build\.mjs(\s|$)/);
  });

  it('writes the bundles where the stacks read them when no bundleDir is given', () => {
    const out = /--out\s+(\S+)/.exec(cdk.build ?? '')?.[1] ?? 'dist/lambda';
    expect(path.resolve(ROOT, out)).toBe(readSettings(() => undefined, ROOT).bundleDir);
  });

  it('is the only build step of npm run synth', () => {
    expect(pkg.scripts.synth).toMatch(/^cdk synth\b/);
  });
});

describe('the Lambda bundles as the build hook makes them', () => {
  // Shared with the bundled-handlers test: one build of this tree per run (tests/helpers/built-bundles.ts), read only.
  let dir: string;
  const synthOut = fs.mkdtempSync(path.join(os.tmpdir(), 'bundles-synth-'));
  let rows: SizeRow[];
  let built: string[];

  beforeAll(async () => {
    dir = await builtBundles();
    rows = JSON.parse(fs.readFileSync(path.join(dir, 'sizes.json'), 'utf8')) as SizeRow[];
    built = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  }, 420_000);

  afterAll(() => fs.rmSync(synthOut, { recursive: true, force: true }));

  it('builds one folder per endpoint group and per job, the functions the stacks deploy', () => {
    expect(built).toEqual([...groupsOf(loadRoutes()), ...JOBS].sort());
  });

  it('keeps the file loaded at cold start (index.js) at most 1 MB in every function', () => {
    const sizes = built.map((name) => ({ name, bytes: fs.statSync(path.join(dir, name, 'index.js')).size }));
    expect(sizes.filter((s) => s.bytes > MAX_BUNDLE_BYTES)).toEqual([]);
    expect(rows.map((r) => ({ name: r.name, bytes: r.bytes }))).toEqual(sizes);
  });

  it('links each bundle to a source map beside it, never inline', () => {
    for (const name of built) {
      const file = path.join(dir, name, 'index.js');
      const tail = fs.readFileSync(file, 'utf8').slice(-200);
      expect({ name, link: /\/\/# sourceMappingURL=index\.js\.map\s*$/.test(tail) }).toEqual({ name, link: true });
      expect(fs.existsSync(`${file}.map`)).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).not.toContain('sourceMappingURL=data:');
    }
  });

  it('loads pdf.js, XML, zip and the signing-key clients from lazy files, each present beside its bundle', () => {
    const lazyOf = (name: string) => rows.find((r) => r.name === name)?.lazy.map((l) => l.package) ?? [];
    expect(lazyOf('fetch')).toEqual(
      expect.arrayContaining(['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs', 'saxes']),
    );
    expect(lazyOf('warrant')).toEqual(
      expect.arrayContaining(['@aws-sdk/client-secrets-manager', '@aws-sdk/client-ssm', 'yauzl']),
    );
    for (const name of built) {
      const required = lazyRequires(path.join(dir, name, 'index.js'));
      const missing = required.filter((rel) => !fs.existsSync(path.join(dir, name, rel)));
      expect({ name, missing }).toEqual({ name, missing: [] });
      const row = rows.find((r) => r.name === name);
      expect(row?.lazy.map((l) => `./${l.file}`).sort()).toEqual(required);
    }
  });

  it('synthesizes from these folders: every function deploys its lazy files and meta its docs files, no map', () => {
    const outdir = path.join(synthOut, '.cdk.out');
    const app = new App({
      context: { ...TEST_CONTEXT, bundleDir: dir },
      outdir,
      treeMetadata: false,
      builtinCloudFormationValidation: false,
    });
    buildApp(app);
    app.synth();
    const assets = fs
      .readdirSync(outdir)
      .filter((a) => a.startsWith('asset.') && fs.existsSync(path.join(outdir, a, 'index.js')));
    expect(assets).toHaveLength(built.length);
    const files = (d: string): string[] =>
      fs
        .readdirSync(d, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? files(path.join(d, e.name)) : [e.name]));
    for (const a of assets) {
      const at = path.join(outdir, a);
      expect(files(at).filter((f) => f.endsWith('.map'))).toEqual([]);
      expect(lazyRequires(path.join(at, 'index.js')).filter((rel) => !fs.existsSync(path.join(at, rel)))).toEqual([]);
    }
    const meta = assets.filter((a) => fs.existsSync(path.join(outdir, a, 'swagger-ui', 'swagger-ui-bundle.js')));
    expect(meta).toHaveLength(1);
    expect(fs.existsSync(path.join(outdir, meta[0] as string, 'openapi.json'))).toBe(true);
  });
});

describe('source maps on Lambda (context sourceMaps)', () => {
  it('are off by default: no --enable-source-maps, which costs every cold start', () => {
    const s = synth();
    try {
      expect(environmentOf(s.api, namesFor('warrant-test').fn('meta')).NODE_OPTIONS).toBeUndefined();
    } finally {
      s.cleanup();
    }
  });

  it('turn on with -c sourceMaps=true for every function', () => {
    const s = synth({ context: { sourceMaps: 'true' } });
    try {
      const names = namesFor('warrant-test');
      for (const [t, fn] of [
        [s.api, names.fn('meta')],
        [s.jobs, names.fn('fetch')],
      ] as const) {
        expect(environmentOf(t, fn).NODE_OPTIONS).toBe('--enable-source-maps');
      }
    } finally {
      s.cleanup();
    }
  });
});
