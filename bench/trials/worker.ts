import '../../shared/datasets/install';
import { blobKey } from '../../shared/archive/keys';
import { buildDeps } from '../../shared/aws/deps';
import { syncCatalog } from '../../shared/catalog/sync';
import { type Env, parseConfig } from '../../shared/config';
import { ctgovSetParser } from '../../shared/datasets/nlm_ctgov/parser';
import type { Deps } from '../../shared/deps';
import { UNLIMITED } from '../../shared/loads/budget';
import { createLogger } from '../../shared/log';
import type { Item, Table } from '../../shared/storage/table';
import { vmKib } from '../ingest/rss';

/**
 * The process whose memory the trials bench measures (bench/suites/trials.ts spawns it, bundled):
 *
 *   worker.js load <env-json>                   syncCatalog of the archived ClinicalTrials.gov set
 *                                               (manifest, then each page from S3) into DynamoDB
 *   worker.js count <env-json> [<rows,...>]      the same load with the catalog table's batch writes
 *                                               counted and dropped (a counting sink): everything
 *                                               else (S3 pages, parse, rows and items built,
 *                                               batching, lease, markers) is the real path; at
 *                                               each row count given, the time and peak RSS so far
 *   worker.js parse <env-json> <manifest-sha>    the set parser alone over the same archived set
 *                                               (pages read back from S3), counting studies
 *
 * Prints one JSON line: the job's time, the resident set after start-up and the peak (VmHWM).
 */
async function main() {
  const [mode, envJson, sha] = process.argv.slice(2);
  // count mode: the row counts at which to note the time and the peak RSS so far (`marks`).
  const marks = mode === 'count' && sha ? sha.split(',').map(Number) : [];
  const built = buildDeps(parseConfig(JSON.parse(envJson ?? '{}') as Env), { logger: createLogger('silent') });
  const counted: Counted = { items: 0, bytes: 0, kinds: {}, rows: 0, marks: [], at: [...marks], started: 0 };
  const deps: Deps =
    mode === 'load' || mode === 'count'
      ? { ...built, tables: { ...built.tables, catalog: counting(built.tables.catalog, counted, mode === 'count') } }
      : built;
  const baselineKib = vmKib('VmRSS');
  const started = performance.now();
  counted.started = started;
  let detail: Record<string, unknown>;
  if (mode === 'load' || mode === 'count') {
    const out = await syncCatalog(deps, { datasets: ['nlm_ctgov'], budget: UNLIMITED });
    const o = out.find((x) => x.dataset === 'nlm_ctgov');
    detail = {
      status: o?.status ?? 'none',
      rows: o?.rows ?? 0,
      peak_buffered: o?.peak_buffered ?? 0,
      error: o?.error,
      items: counted.items,
      bytes: counted.bytes,
      kinds: counted.kinds,
      marks: counted.marks,
    };
  } else if (mode === 'parse' && sha) {
    let studies = 0;
    const open = (h: string) => deps.blobs.get(blobKey(h));
    for await (const _ of ctgovSetParser.parse(await open(sha), {
      fileName: 'ctgov-studies-pages.json',
      openFile: open,
    }))
      studies++;
    detail = { studies };
  } else throw new Error('usage: worker.js load|count|parse <env-json> [manifest-sha256]');
  process.stdout.write(
    `${JSON.stringify({ ms: performance.now() - started, baselineKib, peakKib: vmKib('VmHWM'), ...detail })}\n`,
  );
  built.clients.dynamodb.destroy();
  built.clients.s3.destroy();
}

/**
 * The catalog table with its batch writes (every row, index, token, listing and rollup item)
 * counted, in items and in bytes as JSON (as a sink, estimated from one item in 16), by kind (the key's first letter), then written or, as a
 * sink, dropped. Single writes (version items, markers, the lease) and reads go to DynamoDB.
 */
interface Counted {
  items: number;
  bytes: number;
  kinds: Record<string, number>;
  /** Rows written so far (one NCT index item each). */
  rows: number;
  /** At each row count of `at`: the time since the load began and the peak RSS so far. */
  marks: { rows: number; ms: number; peakKib: number; rssKib: number }[];
  at: number[];
  started: number;
}

function counting(table: Table, counted: Counted, sink: boolean) {
  return Object.assign(Object.create(table) as Table, {
    name: table.name,
    async putMany(items: Item[]) {
      for (const it of items) {
        counted.items++;
        // As a sink, one item in 16 is measured (x16): sizing every item would be a fifth of the work.
        if (!sink) counted.bytes += JSON.stringify(it).length;
        else if (counted.items % 16 === 0) counted.bytes += 16 * JSON.stringify(it).length;
        const kind = it.pk.slice(0, it.pk.indexOf('#'));
        counted.kinds[kind] = (counted.kinds[kind] ?? 0) + 1;
        if (kind === 'I' && ++counted.rows === counted.at[0]) {
          counted.at.shift();
          const ms = performance.now() - counted.started;
          counted.marks.push({ rows: counted.rows, ms, peakKib: vmKib('VmHWM'), rssKib: vmKib('VmRSS') });
        }
      }
      if (!sink) await table.putMany(items);
    },
  });
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
