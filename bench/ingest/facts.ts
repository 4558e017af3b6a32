import * as fs from 'node:fs';
import * as path from 'node:path';
import { Archive } from '../../shared/archive/ingest';
import { syncFacts } from '../../shared/facts/pipeline';
import { factsFor, type RowFacts } from '../../shared/facts/registry';
import { FactWriter } from '../../shared/facts/store';
import { readTimelines } from '../../shared/facts/timeline';
import type { Engines } from '../../shared/local/engines';
import { docParser } from '../../shared/sources/registry';
import type { Item, Table } from '../../shared/storage/table';
import { startHarness } from '../../tests/helpers/harness';
import { writePtpFile } from './ptp-file';

const SOURCE = 'cms_ncci_ptp';
/**
 * FactWriter's batch (shared/facts/store.ts): the reference writes in the same batches, each one
 * putMany call (BatchWriteItem calls of 25 items, several in flight: shared/aws/dynamo-table.ts).
 */
const BATCH = 200;

export interface FactsRate {
  rows: number;
  facts: number;
  seconds: number;
  /** The same items written by putMany alone (no S3 read, no parsing, no extraction). */
  rawSeconds: number;
}

/**
 * Facts written per second by the real load path: archive a PTP slice of `rows` rows, then
 * `syncFacts` streams it back from S3, parses it and writes two facts per edit (one per code).
 * The reference writes exactly those items with `putMany` into a fresh prefix, so the ratio shows
 * what reading, parsing and extraction add on top of DynamoDB's own write cost.
 */
export async function measureFacts(engines: Engines, dir: string, rows: number): Promise<FactsRate> {
  const file = path.join(dir, 'ccipra-v323r0-f1.TXT');
  writePtpFile(file, rows, 323);
  const h = await startHarness({ engines });
  const ref = await startHarness({ engines });
  try {
    await new Archive(h.deps).ingest({ sourceId: SOURCE, name: path.basename(file), body: fs.createReadStream(file) });
    const started = performance.now();
    const outcomes = await syncFacts(h.deps, { sourceIds: [SOURCE] });
    const seconds = (performance.now() - started) / 1000;
    const loaded = outcomes.filter((o) => o.status === 'loaded');
    if (loaded.length !== 1) throw new Error(`expected one loaded PTP version, got ${JSON.stringify(outcomes)}`);
    const facts = loaded[0]!.facts;

    const items = await factItemsOf(h.deps.tables.facts, file);
    if (items.length !== facts) throw new Error(`reference built ${items.length} items, the load wrote ${facts}`);
    const rawStarted = performance.now();
    for (let i = 0; i < items.length; i += BATCH) await ref.deps.tables.facts.putMany(items.slice(i, i + BATCH));
    const rawSeconds = (performance.now() - rawStarted) / 1000;
    return { rows, facts, seconds, rawSeconds };
  } finally {
    fs.rmSync(file, { force: true });
    await ref.close();
    await h.close();
  }
}

/** The exact items the load wrote, rebuilt by FactWriter into a capturing table (not timed). */
async function factItemsOf(facts: Table, file: string): Promise<Item[]> {
  const timeline = (await readTimelines(facts, [SOURCE])).get(SOURCE);
  const version = timeline?.versions[0];
  if (!version) throw new Error('no PTP version in the timeline');
  const items: Item[] = [];
  const capture = { putMany: async (batch: Item[]) => void items.push(...batch) } as unknown as Table;
  const writer = new FactWriter(capture, SOURCE, version);
  const loader = factsFor(version.doc_id) as RowFacts;
  for await (const record of docParser(version.doc_id, version.name)!.parse(fs.createReadStream(file))) {
    for (const row of loader.rows(record)) await writer.add(row);
  }
  await writer.flush();
  return items;
}
