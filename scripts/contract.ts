import '../shared/datasets/install';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildContract, buildRouteMap, GENERATED_MARK, renderJson } from '../functions/openapi';

/**
 * `npm run contract` writes contract/openapi.json and infra/routes.generated.json.
 * `npm run contract -- --check` fails when either committed file is stale.
 */
const root = path.resolve(__dirname, '..');
const outputs: [string, string][] = [
  [path.join(root, 'contract/openapi.json'), renderJson(buildContract())],
  [
    path.join(root, 'infra/routes.generated.json'),
    renderJson({ 'x-generated': GENERATED_MARK, routes: buildRouteMap() }),
  ],
];

const check = process.argv.includes('--check');
let stale = 0;
for (const [file, text] of outputs) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current === text) continue;
  if (check) {
    process.stderr.write(`${path.relative(root, file)} is stale: run npm run contract and commit.\n`);
    stale++;
  } else {
    fs.writeFileSync(file, text);
    process.stdout.write(`wrote ${path.relative(root, file)}\n`);
  }
}
process.exit(stale ? 1 : 0);
