import '../../shared/datasets/install';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Archive } from '../../shared/archive/ingest';
import { buildDeps } from '../../shared/aws/deps';
import { type Env, parseConfig } from '../../shared/config';
import { ptpParser } from '../../shared/datasets/cms_ncci_ptp/ptp';
import type { Deps } from '../../shared/deps';
import { syncAll } from '../../shared/derive/sync-all';
import { recordBudget, UNLIMITED } from '../../shared/loads/budget';
import { createLogger } from '../../shared/log';
import type { Item, Table } from '../../shared/storage/table';
import { vmKib } from './rss';

/**
 * The process whose memory the ingest benchmarks measure (bench/suites/ingest*.ts spawn it):
 *
 *   worker.ts archive <file> <env-json>          Archive.ingest of the file as a stream, into the engines named in env
 *   worker.ts parse <file>                        ptpParser over the file as a stream, counting records (in batches)
 *   worker.ts load <env-json> [<records>]         the load pipeline (syncAll) over the archived PTP versions,
 *                                                 the fact items counted instead of written (a counting
 *                                                 table port); with <records>, cut after that many records
 *                                                 (a checkpoint stored, as a Lambda out of time would)
 *
 * It imports only what the job needs, does one job, and prints one JSON line: the job's own time,
 * the resident set after start-up (baseline) and the peak (VmHWM), so the parent can tell start-up
 * cost from what the work itself adds.
 */
async function main() {
  const [mode, arg, extra] = process.argv.slice(2);
  if (mode === 'load') return load(arg, extra);
  const file = arg;
  if (!file || (mode !== 'archive' && mode !== 'parse')) throw new Error('usage: worker.ts archive|parse <file> [env]');
  const deps = mode === 'archive' ? depsOf(extra) : undefined;
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
    // In arrays (one per chunk read), as a bulk consumer reads: per-record `for await` adds an
    // async step per record, which the profile showed costing as much as the parsing itself.
    let records = 0;
    for await (const batch of ptpParser.parseBatches!(fs.createReadStream(file))) records += batch.length;
    detail = { records };
  }
  done(started, baselineKib, detail);
}

function depsOf(envJson: string | undefined) {
  return buildDeps(parseConfig(JSON.parse(envJson ?? '{}') as Env), { logger: createLogger('silent') });
}

async function load(envJson: string | undefined, cut: string | undefined) {
  const built = depsOf(envJson);
  const counted = { items: 0, batches: 0 };
  const deps: Deps = { ...built, tables: { ...built.tables, facts: counting(built.tables.facts, counted) } };
  const baselineKib = vmKib('VmRSS');
  const started = performance.now();
  const r = await syncAll(deps, {
    sourceIds: ['cms_ncci_ptp'],
    budget: cut ? recordBudget(Number(cut)) : UNLIMITED,
  });
  const outcome = r.facts[0];
  done(started, baselineKib, {
    status: outcome?.status ?? 'none',
    facts: outcome?.facts ?? 0,
    codes: outcome?.codes ?? 0,
    counted_items: counted.items,
    suspended: r.suspended?.version_id ?? null,
  });
  built.clients.dynamodb.destroy();
  built.clients.s3.destroy();
}

/**
 * The facts table with its bulk writes counted and dropped: the load's markers, timeline and
 * every read still go to DynamoDB, so the figure is the pipeline's own cost (S3 read, parse,
 * fact extraction, batching, checkpoints) without dynalite's write speed.
 */
function counting(table: Table, counted: { items: number; batches: number }): Table {
  return Object.assign(Object.create(table) as Table, {
    name: table.name,
    async putMany(items: Item[]) {
      counted.items += items.length;
      counted.batches++;
    },
  });
}

function done(started: number, baselineKib: number, detail: Record<string, unknown>) {
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ ms, baselineKib, peakKib: vmKib('VmHWM'), ...detail })}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
