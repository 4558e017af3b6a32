import * as path from 'node:path';
import { build } from 'esbuild';

const WORKER = path.join(__dirname, 'worker.ts');

/**
 * The worker bundled as the Lambdas are (esbuild, one CommonJS file), so the child's memory is the
 * job's and the runtime's, not a TypeScript compiler's.
 */
export async function bundleWorker(dir: string): Promise<string> {
  const outfile = path.join(dir, 'worker.js');
  await build({
    entryPoints: [WORKER],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
  });
  return outfile;
}
