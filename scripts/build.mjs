// `npm run build`: one esbuild bundle per Lambda (functions/<name>/handler.ts -> dist/lambda/<name>/index.js),
// then a size table. The CDK API and jobs stacks deploy these folders (infra/constructs/service-function.ts).
//
//   node scripts/build.mjs [--out <dir>] [--only name,name]
//
// --out writes elsewhere (tests bundle into a temp folder so parallel runs never race on dist/).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { collectMetaContent } from './meta-content.mjs';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { out: { type: 'string' }, only: { type: 'string' } } });
const outDir = path.resolve(root, args.out ?? 'dist/lambda');
const only = args.only ? new Set(args.only.split(',')) : undefined;

const functionsDir = path.join(root, 'functions');
const entries = fs
  .readdirSync(functionsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(functionsDir, d.name, 'handler.ts')))
  .map((d) => d.name)
  .filter((name) => !only || only.has(name))
  .sort();

// The meta pages' texts travel inside the bundle (functions/meta/content.ts reads __META_CONTENT__).
const define = { __META_CONTENT__: JSON.stringify(collectMetaContent(root)) };

// esbuild runs the builds in parallel; rows keep the sorted entry order.
const rows = await Promise.all(
  entries.map(async (name) => {
    const outfile = path.join(outDir, name, 'index.js');
    const result = await build({
      entryPoints: [path.join(functionsDir, name, 'handler.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      // The Lambda runtime is nodejs22.x (infra/constructs/service-function.ts RUNTIME).
      target: 'node22',
      format: 'cjs',
      minify: true,
      sourcemap: false,
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning',
      define,
    });
    return { name, bytes: fs.statSync(outfile).size, inputs: Object.keys(result.metafile.inputs).length };
  }),
);
// The docs page's Swagger UI files travel beside the meta bundle (functions/meta/docs-assets.ts).
if (entries.includes('meta')) {
  const assetDir = path.join(outDir, 'meta', 'swagger-ui');
  fs.mkdirSync(assetDir, { recursive: true });
  for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'LICENSE']) {
    fs.copyFileSync(path.join(root, 'node_modules', 'swagger-ui-dist', file), path.join(assetDir, file));
  }
}
const w = Math.max(...rows.map((r) => r.name.length), 8);
console.log(`${'function'.padEnd(w)}  ${'bundle KiB'.padStart(10)}  modules`);
for (const r of rows) console.log(`${r.name.padEnd(w)}  ${(r.bytes / 1024).toFixed(1).padStart(10)}  ${r.inputs}`);
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'sizes.json'), `${JSON.stringify(rows, null, 2)}\n`);
