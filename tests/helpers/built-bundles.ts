import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { madeOnce } from '../../scripts/made-once';

const ROOT = path.resolve(__dirname, '../..');

/**
 * The folder of the Lambda bundles scripts/build.mjs makes from this tree, built once per content
 * (scripts/made-once.ts): tests/infra/bundles.test.ts and tests/integration/bundled-handlers.test.ts share
 * one build per run instead of building all functions each. Read only.
 */
export function builtBundles(): Promise<string> {
  return madeOnce('bundles', { fixtures: false }, (out) => {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--out', out], { stdio: 'pipe' });
  });
}
