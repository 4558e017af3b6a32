import '../../shared/datasets/install';
import { blobKey } from '../../shared/archive/keys';
import { buildDeps } from '../../shared/aws/deps';
import { syncCatalog } from '../../shared/catalog/sync';
import { type Env, parseConfig } from '../../shared/config';
import { ctgovSetParser } from '../../shared/datasets/nlm_ctgov/parser';
import { UNLIMITED } from '../../shared/loads/budget';
import { createLogger } from '../../shared/log';
import { vmKib } from '../ingest/rss';

/**
 * The process whose memory the trials bench measures (bench/suites/trials.ts spawns it, bundled):
 *
 *   worker.js load <env-json>                   syncCatalog of the archived ClinicalTrials.gov set
 *                                               (manifest, then each page from S3) into DynamoDB
 *   worker.js parse <env-json> <manifest-sha>    the set parser alone over the same archived set
 *                                               (pages read back from S3), counting studies
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
    const out = await syncCatalog(deps, { datasets: ['nlm_ctgov'], budget: UNLIMITED });
    const o = out.find((x) => x.dataset === 'nlm_ctgov');
    detail = { status: o?.status ?? 'none', rows: o?.rows ?? 0, peak_buffered: o?.peak_buffered ?? 0, error: o?.error };
  } else if (mode === 'parse' && sha) {
    let studies = 0;
    const open = (h: string) => deps.blobs.get(blobKey(h));
    for await (const _ of ctgovSetParser.parse(await open(sha), {
      fileName: 'ctgov-studies-pages.json',
      openFile: open,
    }))
      studies++;
    detail = { studies };
  } else throw new Error('usage: worker.js load|parse <env-json> [manifest-sha256]');
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
