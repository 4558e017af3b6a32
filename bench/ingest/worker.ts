import * as fs from 'node:fs';
import * as path from 'node:path';
import { Archive } from '../../shared/archive/ingest';
import { buildDeps } from '../../shared/aws/deps';
import { type Env, parseConfig } from '../../shared/config';
import { ptpParser } from '../../shared/datasets/cms_ncci_ptp/ptp';
import { createLogger } from '../../shared/log';
import { vmKib } from './rss';

/**
 * The process whose memory the ingest benchmark measures (bench/suites/ingest.ts spawns it):
 *
 *   worker.ts archive <file> <env-json>   Archive.ingest of the file as a stream, into the engines named in env
 *   worker.ts parse <file>                 ptpParser over the file as a stream, counting records
 *
 * It imports only what the job needs, does one job, and prints one JSON line: the job's own time,
 * the resident set after start-up (baseline) and the peak (VmHWM), so the parent can tell start-up
 * cost from what the work itself adds.
 */
async function main() {
  const [mode, file, envJson] = process.argv.slice(2);
  if (!file || (mode !== 'archive' && mode !== 'parse')) throw new Error('usage: worker.ts archive|parse <file> [env]');
  const deps =
    mode === 'archive'
      ? buildDeps(parseConfig(JSON.parse(envJson ?? '{}') as Env), { logger: createLogger('silent') })
      : undefined;
  const baselineKib = vmKib('VmRSS');
  const started = performance.now();
  let detail: Record<string, unknown>;
  if (deps) {
    const result = await new Archive(deps).ingest({
      sourceId: 'cms_ncci_ptp',
      name: path.basename(file),
      body: fs.createReadStream(file),
      contentType: 'text/plain',
    });
    const top = result.files[0]!;
    detail = { sha256: top.sha256, size: top.size, doc_id: top.docId, version_id: top.versionId };
    deps.clients.dynamodb.destroy();
    deps.clients.s3.destroy();
  } else {
    let records = 0;
    for await (const _ of ptpParser.parse(fs.createReadStream(file))) records++;
    detail = { records };
  }
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ ms, baselineKib, peakKib: vmKib('VmHWM'), ...detail })}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
