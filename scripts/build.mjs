// `npm run build`: one esbuild bundle per Lambda (functions/<name>/handler.ts -> dist/lambda/<name>/index.js),
// then a size table. The CDK API and jobs stacks deploy these folders (infra/constructs/service-function.ts);
// cdk.json's "build" hook runs this script before every `cdk synth` / `cdk deploy`, so no step comes between
// `npm ci` and `npx cdk deploy`.
//
//   node scripts/build.mjs [--out <dir>] [--only name,name] [--entry name=file ...] [--aws-sdk bundle|runtime]
//                          [--analyze]
//
// --out       writes elsewhere (tests bundle into a temp folder so parallel runs never race on dist/).
// --entry     bundles `file` as function `name` instead of functions/*/handler.ts (tests bundle a probe module
//             exactly as the Lambdas are bundled).
// --aws-sdk runtime  leaves @aws-sdk/* and @smithy/* out, to be taken from the Lambda runtime's copy; kept to
//             measure that choice again (the cold-start bench does; infra/DEPLOY.md "Bundles" has the numbers).
// --analyze   prints each output's largest inputs per package (esbuild metafile).
//
// A function's folder is its Lambda asset (infra/constructs/service-function.ts leaves the maps out):
//   index.js          what Lambda loads at cold start: the only file counted against the 1 MB budget
//                     (tests/infra/bundles.test.ts)
//   index.js.map      its source map: linked, never inline
//   lazy/datasets-<folder>-parser.js   a dataset folder's parser code (LAZY_PARSER), outside the loading
//                     functions (PARSERS_INLINE: fetch)
//   lazy/<pkg>.js     a package the code imports with `await import('<pkg>')`, on the path that needs it (pdf.js,
//                     saxes, yauzl, the SSM and Secrets Manager clients, the SDK's unused credential providers):
//                     its own CommonJS bundle, required on first use, never parsed at cold start
//   swagger-ui/, openapi.json   meta only: read on the first request that serves them (functions/meta/docs-assets.ts)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { collectMetaContent } from './meta-content.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    only: { type: 'string' },
    entry: { type: 'string', multiple: true },
    'aws-sdk': { type: 'string', default: 'bundle' },
    analyze: { type: 'boolean', default: false },
  },
});
if (!['bundle', 'runtime'].includes(args['aws-sdk'])) throw new Error('--aws-sdk: bundle or runtime');
const sdkFromRuntime = args['aws-sdk'] === 'runtime';
const outDir = path.resolve(root, args.out ?? 'dist/lambda');
const only = args.only ? new Set(args.only.split(',')) : undefined;

const functionsDir = path.join(root, 'functions');
/** [name, entry file] per output folder, sorted by name. */
const entries = args.entry
  ? args.entry.map((e) => {
      const [name, file] = e.split('=');
      if (!name || !file) throw new Error(`--entry ${e}: name=file`);
      return [name, path.resolve(file)];
    })
  : fs
      .readdirSync(functionsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && fs.existsSync(path.join(functionsDir, d.name, 'handler.ts')))
      .map((d) => [d.name, path.join(functionsDir, d.name, 'handler.ts')])
      .filter(([name]) => !only || only.has(name))
      .sort(([a], [b]) => a.localeCompare(b));

/** The folder holding a function's lazy files, relative to its index.js. */
const LAZY_DIR = 'lazy';

/**
 * Dynamic imports inside dependencies that become lazy files too, because Lambda never reaches them:
 * bowser is the SDK's browser user-agent parser (`import('bowser')` in @aws-sdk/core); the others are
 * the links after the first of the SDK's default credential chain (@aws-sdk/credential-provider-node).
 * On Lambda the role's credentials are in the environment, which the first link (credential-provider-env,
 * bundled) reads. Each lazy file carries its own copy of what it needs (the STS and SSO clients here).
 */
const LAZY_IN_DEPENDENCIES = new Set([
  'bowser',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-web-identity',
  '@smithy/credential-provider-imds',
]);

/**
 * Our own modules that a function requires on first use (`require('./s3')` in shared/aws/clients.ts)
 * and that become lazy files with the SDK packages they import: the S3 adapter (client, lib-storage,
 * presigner, about 150 KiB) and the Scheduler client. Most requests of most Lambdas never touch them,
 * and keeping them out of index.js keeps every bundle under 1 MB. Such a module imports none of the
 * service's classes (its lazy file has its own copies): see shared/aws/s3-blobs.ts.
 */
const LAZY_OWN = new Map([
  ['shared/aws/s3.ts', 'aws-s3'],
  ['shared/aws/scheduler.ts', 'aws-scheduler'],
]);

/**
 * A dataset folder's parser code (`shared/datasets/<folder>/parser.ts`, or `layout.ts` of a state list,
 * required on first use through `lazyParser` / `lazyLayout`, shared/publishers/common/lazy.ts) is a lazy
 * file of its own, `lazy/datasets-<folder>-parser.js` (`-layout.js`): most API requests never read a file, and the declarations alone
 * answer whether a parser exists. A new folder needs no entry here. The fetch job kept them inline
 * once (it parses on most runs); with some seventy sources their code alone passed the 1 MB budget of
 * index.js, so every function now requires a folder's parser on the first file of that folder
 * (PARSERS_INLINE is empty; a name put back in it inlines that function's parsers again).
 */
const LAZY_PARSER = /^shared\/datasets\/([^/]+)\/(parser|layout)\.ts$/;
const PARSERS_INLINE = new Set([]);
/**
 * A lazy parser file has its own copy of every module it imports: none may hold state the service
 * installs (the registries) or be one of the service's error classes the HTTP layer tests with
 * `instanceof`. The build fails when one does.
 */
const NOT_IN_LAZY_PARSERS = [
  'shared/sources/registry.ts',
  'shared/facts/registry.ts',
  'shared/catalog/datasets.ts',
  'shared/http/errors.ts',
  'shared/datasets/install.ts',
];

/** A bare package specifier (not relative, not absolute, not a Node builtin). */
const isPackage = (spec) => !/^(\.|\/|node:)/.test(spec);

/** The lazy file for a package specifier: `@aws-sdk/client-ssm` -> `aws-sdk-client-ssm.js`. */
const lazyFile = (spec) =>
  `${spec
    .replace(/\.m?js$/, '')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/^-+/, '')}.js`;

/**
 * `await import('<package>')` in our code (or of a LAZY_IN_DEPENDENCIES package anywhere) stays out of
 * the bundle: it becomes `require('./lazy/<file>')` (dynamic import is lowered to require, see `common`),
 * and the package is bundled as that file afterwards. `found` collects specifier -> resolved entry.
 */
function lazyImports(found, { parsersInline = false } = {}) {
  return {
    name: 'lazy-imports',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (a) => {
        if (a.pluginData?.lazy || a.kind !== 'dynamic-import' || !isPackage(a.path)) return undefined;
        const ours = !a.importer.includes(`${path.sep}node_modules${path.sep}`);
        if (!ours && !LAZY_IN_DEPENDENCIES.has(a.path)) return undefined;
        if (sdkFromRuntime && /^@(aws-sdk|smithy)\//.test(a.path)) return undefined;
        const resolved = await b.resolve(a.path, {
          kind: 'dynamic-import',
          importer: a.importer,
          resolveDir: a.resolveDir,
          pluginData: { lazy: true },
        });
        if (resolved.errors.length) return { errors: resolved.errors };
        const clash = [...found.keys()].find((k) => k !== a.path && lazyFile(k) === lazyFile(a.path));
        if (clash) return { errors: [{ text: `${a.path} and ${clash} would share ${lazyFile(a.path)}` }] };
        found.set(a.path, resolved.path);
        return { path: `./${LAZY_DIR}/${lazyFile(a.path)}`, external: true };
      });
      b.onResolve({ filter: /^\./ }, async (a) => {
        if (a.pluginData?.lazy || a.kind !== 'require-call') return undefined;
        const resolved = await b.resolve(a.path, {
          kind: a.kind,
          importer: a.importer,
          resolveDir: a.resolveDir,
          pluginData: { lazy: true },
        });
        if (resolved.errors.length) return { errors: resolved.errors };
        const rel = path.relative(root, resolved.path).split(path.sep).join('/');
        const code = parsersInline ? undefined : LAZY_PARSER.exec(rel);
        const key = LAZY_OWN.get(rel) ?? (code && `datasets/${code[1]}/${code[2]}`);
        if (!key) return undefined;
        found.set(key, resolved.path);
        return { path: `./${LAZY_DIR}/${lazyFile(key)}`, external: true };
      });
    },
  };
}

/**
 * zod keeps every locale's messages (about 260 KiB minified) reachable from `z.locales`, and the whole
 * `z` namespace stays in a bundle because @hono/zod-openapi extends it as an object. Only English is
 * used (zod's default; nothing calls `z.config(z.locales.xx())`), so the locale index is cut to `en`.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (a) => {
      if (!/[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(a.importer)) return undefined;
      return { path: path.join(path.dirname(a.importer), '../locales/en.js'), namespace: 'zod-locales' };
    });
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (a) => ({
      contents: `export { default as en } from ${JSON.stringify(a.path)};`,
      resolveDir: path.dirname(a.path),
      loader: 'js',
    }));
  },
};

/**
 * Packages with no side effects at load that do not declare it (`sideEffects: false`), so esbuild keeps
 * them whenever a module importing them is kept. htmlparser2's index re-exports its DOM helpers
 * (domhandler, domutils and through it dom-serializer, with its own copy of the entity tables: about
 * 80 KiB); the code uses only its Tokenizer (shared/archive/fetch/html-links.ts).
 */
const SIDE_EFFECT_FREE = /^(domhandler|domutils|dom-serializer)$/;

const sideEffectFree = {
  name: 'side-effect-free',
  setup(b) {
    b.onResolve({ filter: SIDE_EFFECT_FREE }, async (a) => {
      if (a.pluginData?.sideEffectFree) return undefined;
      const r = await b.resolve(a.path, {
        kind: a.kind,
        importer: a.importer,
        resolveDir: a.resolveDir,
        pluginData: { sideEffectFree: true },
      });
      return r.errors.length ? { errors: r.errors } : { path: r.path, sideEffects: false };
    });
  },
};

/**
 * The MCP SDK's server imports ajv (with ajv-formats and fast-uri, about 130 KiB minified) for one
 * thing: checking answers to elicitation requests. The agent-tool surface never elicits and gives
 * the server its own validator (shared/mcp/server.ts), so the import is cut to a stub
 * (scripts/stubs/mcp-ajv-provider.mjs) and the mcp bundle stays under 1 MB.
 */
const mcpWithoutAjv = {
  name: 'mcp-without-ajv',
  setup(b) {
    b.onResolve({ filter: /[\\/]validation[\\/]ajv-provider\.js$/ }, (a) =>
      /[\\/]node_modules[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(a.importer)
        ? { path: path.join(root, 'scripts/stubs/mcp-ajv-provider.mjs') }
        : undefined,
    );
  },
};

/** What every output shares: the bundles and their lazy files. */
const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  // The Lambda runtime is nodejs22.x (infra/constructs/service-function.ts RUNTIME).
  target: 'node22',
  format: 'cjs',
  // A package's ES module build where it ships one: with its `sideEffects: false`, esbuild then drops
  // the modules nothing uses (the SDK clients' unused commands, for one).
  mainFields: ['module', 'main'],
  // import() becomes a plain require(): a lazy file is resolved beside the bundle, synchronously.
  supported: { 'dynamic-import': false },
  minify: true,
  sourcemap: 'linked',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  external: sdkFromRuntime ? ['@aws-sdk/*', '@smithy/*'] : [],
};

// The meta pages' texts travel inside the bundle (functions/meta/content.ts reads __META_CONTENT__).
const define = { __META_CONTENT__: JSON.stringify(collectMetaContent(root)) };

fs.mkdirSync(outDir, { recursive: true });
// esbuild runs the builds in parallel; rows keep the sorted entry order.
const rows = await Promise.all(
  entries.map(async ([name, entry]) => {
    const dir = path.join(outDir, name);
    fs.rmSync(dir, { recursive: true, force: true });
    const found = new Map();
    const outfile = path.join(dir, 'index.js');
    const result = await build({
      ...common,
      entryPoints: [entry],
      outfile,
      define,
      plugins: [
        lazyImports(found, { parsersInline: PARSERS_INLINE.has(name) }),
        zodEnglishOnly,
        sideEffectFree,
        mcpWithoutAjv,
      ],
    });
    // Only the lazy imports that survived tree shaking (the SDK's `import('bowser')`, for one, does not).
    const kept = new Set(Object.values(result.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path)));
    const lazy = await Promise.all(
      [...found]
        .filter(([spec]) => kept.has(`./${LAZY_DIR}/${lazyFile(spec)}`))
        .sort()
        .map(async ([spec, resolved]) => {
          const file = path.join(dir, LAZY_DIR, lazyFile(spec));
          const r = await build({
            ...common,
            entryPoints: [resolved],
            outfile: file,
            plugins: [zodEnglishOnly, sideEffectFree, mcpWithoutAjv],
          });
          if (spec.startsWith('datasets/')) {
            const bad = NOT_IN_LAZY_PARSERS.filter((f) => f in r.metafile.inputs);
            if (bad.length) throw new Error(`${name}: the lazy parser ${spec} imports ${bad.join(', ')}`);
          }
          return { package: spec, file: path.relative(dir, file), bytes: fs.statSync(file).size, metafile: r.metafile };
        }),
    );
    return {
      name,
      bytes: fs.statSync(outfile).size,
      inputs: Object.keys(result.metafile.inputs).length,
      lazy: lazy.map(({ metafile: _, ...l }) => l),
      metafiles: [result.metafile, ...lazy.map((l) => l.metafile)],
    };
  }),
);

// The docs page's Swagger UI files and the contract travel beside the meta bundle, read on first request.
if (entries.some(([name]) => name === 'meta') && !args.entry) {
  const metaDir = path.join(outDir, 'meta');
  const assetDir = path.join(metaDir, 'swagger-ui');
  fs.mkdirSync(assetDir, { recursive: true });
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE']) {
    fs.copyFileSync(path.join(root, 'node_modules', 'swagger-ui-dist', file), path.join(assetDir, file));
  }
  fs.copyFileSync(path.join(root, 'contract', 'openapi.json'), path.join(metaDir, 'openapi.json'));
}

const kib = (n) => (n / 1024).toFixed(1);
const w = Math.max(...rows.map((r) => r.name.length), 8);
console.log(`${'function'.padEnd(w)}  ${'bundle KiB'.padStart(10)}  ${'modules'.padStart(7)}  lazy files`);
for (const r of rows) {
  const lazyBytes = r.lazy.reduce((n, l) => n + l.bytes, 0);
  const lazy = r.lazy.length ? `${r.lazy.length}, ${kib(lazyBytes)} KiB` : '-';
  console.log(`${r.name.padEnd(w)}  ${kib(r.bytes).padStart(10)}  ${String(r.inputs).padStart(7)}  ${lazy}`);
}
if (args.analyze) for (const r of rows) console.log(`\n${r.name}\n${analyze(r.metafiles)}`);
fs.writeFileSync(
  path.join(outDir, 'sizes.json'),
  `${JSON.stringify(
    rows.map(({ metafiles: _, ...r }) => r),
    null,
    2,
  )}\n`,
);

/** The largest contributors to each output, per package (or top folder of our own code). */
function analyze(metafiles, top = 12) {
  const lines = [];
  for (const m of metafiles) {
    for (const [file, out] of Object.entries(m.outputs)) {
      if (file.endsWith('.map')) continue;
      const by = new Map();
      for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/').slice(0, 2).join('/');
        by.set(pkg, (by.get(pkg) ?? 0) + bytesInOutput);
      }
      lines.push(`  ${path.relative(outDir, path.resolve(root, file))}  ${kib(out.bytes)} KiB`);
      for (const [pkg, bytes] of [...by].sort((a, b) => b[1] - a[1]).slice(0, top)) {
        lines.push(`    ${kib(bytes).padStart(8)}  ${pkg}`);
      }
    }
  }
  return lines.join('\n');
}
