import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildClientOutputs, ROOT, staleFiles, strayVendorFiles } from './client-gen';

/**
 * `npm run client` regenerates the typed client's generated files from contract/openapi.json and
 * the service's verifiers; `npm run client -- --check` fails when any committed one is stale.
 * Run `npm run contract` first when routes changed: the client follows the committed contract.
 */
async function main(): Promise<number> {
  const outputs = await buildClientOutputs();
  if (process.argv.includes('--check')) {
    const stale = [...staleFiles(outputs), ...strayVendorFiles(outputs).map((f) => path.relative(ROOT, f))];
    for (const f of stale) process.stderr.write(`${f} is stale: run npm run client and commit.\n`);
    return stale.length ? 1 : 0;
  }
  for (const [file, text] of outputs) {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    process.stdout.write(`wrote ${path.relative(ROOT, file)}\n`);
  }
  for (const stray of strayVendorFiles(outputs)) {
    fs.rmSync(stray);
    process.stdout.write(`removed ${path.relative(ROOT, stray)}\n`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
