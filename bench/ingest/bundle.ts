import * as path from 'node:path';
import { build } from 'esbuild';

const WORKER = path.join(__dirname, 'worker.ts');

/**
 * A bench worker (default: this folder's ./worker.ts) bundled as the Lambdas are (esbuild, one
 * CommonJS file, `<dir>/<its name>.js`), so the child's memory is the job's and the runtime's, not
 * a TypeScript compiler's. Returns the bundle's path.
 */
export async function bundleWorker(dir: string, entry = WORKER): Promise<string> {
  const outfile = path.join(dir, `${path.basename(entry, '.ts')}.js`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
  });
  return outfile;
}
