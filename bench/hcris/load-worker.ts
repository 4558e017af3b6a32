import '../../shared/datasets/install';
import { buildDeps } from '../../shared/aws/deps';
import { syncCatalog } from '../../shared/catalog/sync';
import { type Env, parseConfig } from '../../shared/config';
import { createLogger } from '../../shared/log';
import { vmKib } from '../ingest/rss';

/**
 * The process whose memory the hcris bench measures: `load-worker.js <env-json>` loads every
 * catalog version archived in the engines the env names (syncCatalog, the pipeline `npm start`,
 * imports and fetch runs use), writing into them, and prints one JSON line: the load's time, the
 * resident set after start-up and the peak (VmHWM). The engines run in the parent, so the figure is
 * the loader's alone.
 */
async function main() {
  const deps = buildDeps(parseConfig(JSON.parse(process.argv[2] ?? '{}') as Env), { logger: createLogger('silent') });
  const baselineKib = vmKib('VmRSS');
  const started = performance.now();
  await syncCatalog(deps);
  const ms = performance.now() - started;
  deps.clients.dynamodb.destroy();
  deps.clients.s3.destroy();
  process.stdout.write(`${JSON.stringify({ ms, baselineKib, peakKib: vmKib('VmHWM') })}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
