// `npm run build`: one esbuild bundle per Lambda (functions/<name>/handler.ts -> dist/lambda/<name>/index.js),
// then a size table. The CDK API and jobs stacks deploy these folders.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const functionsDir = path.join(root, 'functions');
const entries = fs
  .readdirSync(functionsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(functionsDir, d.name, 'handler.ts')))
  .map((d) => d.name)
  .sort();

const rows = [];
for (const name of entries) {
  const outfile = path.join(root, 'dist/lambda', name, 'index.js');
  const result = await build({
    entryPoints: [path.join(functionsDir, name, 'handler.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const bytes = fs.statSync(outfile).size;
  rows.push({ name, bytes, inputs: Object.keys(result.metafile.inputs).length });
}
const w = Math.max(...rows.map((r) => r.name.length), 8);
console.log(`${'function'.padEnd(w)}  ${'bundle KiB'.padStart(10)}  modules`);
for (const r of rows) console.log(`${r.name.padEnd(w)}  ${(r.bytes / 1024).toFixed(1).padStart(10)}  ${r.inputs}`);
fs.writeFileSync(path.join(root, 'dist/lambda/sizes.json'), `${JSON.stringify(rows, null, 2)}\n`);
