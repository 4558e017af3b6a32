import '../../shared/datasets/install';
import { blobKey } from '../../shared/archive/keys';
import { buildDeps } from '../../shared/aws/deps';
import { syncCatalog } from '../../shared/catalog/sync';
import { type Env, parseConfig } from '../../shared/config';
import { nadacParser } from '../../shared/datasets/medicaid_nadac/parser';
import { UNLIMITED } from '../../shared/loads/budget';
import { createLogger } from '../../shared/log';
import { vmKib } from '../ingest/rss';

/**
 * The process whose memory the NADAC year-file bench measures (bench/suites/nadac.ts spawns it, bundled):
 *
 *   worker.js load <env-json>           syncCatalog of medicaid_nadac: the archived file read back from
 *                                       S3, parsed (every row), its last week's rows written to DynamoDB
 *                                       with their index and series inputs, then the series
 *   worker.js parse <env-json> <sha>    the parser alone over the same archived file, counting the rows
 *                                       it reads and the rows it gives
 *
 * Prints one JSON line: the job's time, the resident set after start-up and the peak (VmHWM).
 */
async function main() {
  const [mode, envJson, sha] = process.argv.slice(2);
  const deps = buildDeps(parseConfig(JSON.parse(envJson ?? '{}') as Env), { logger: createLogger('silent') });
  const baselineKib = vmKib('VmRSS');
  const started = performance.now();
  let detail: Record<string, unknown>;
  if (mode === 'load') {
    const out = await syncCatalog(deps, { datasets: ['medicaid_nadac'], budget: UNLIMITED });
    const o = out.find((x) => x.dataset === 'medicaid_nadac');
    detail = { status: o?.status ?? 'none', rows: o?.rows ?? 0, error: o?.error };
  } else if (mode === 'parse' && sha) {
    let rows = 0;
    for await (const _ of nadacParser.parse(await deps.blobs.get(blobKey(sha)))) rows++;
    detail = { rows };
  } else throw new Error('usage: worker.js load|parse <env-json> [sha256]');
  process.stdout.write(
    `${JSON.stringify({ ms: performance.now() - started, baselineKib, peakKib: vmKib('VmHWM'), ...detail })}\n`,
  );
  deps.clients.dynamodb.destroy();
  deps.clients.s3.destroy();
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
