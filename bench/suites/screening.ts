import { BatchGetItemCommand } from '@aws-sdk/client-dynamodb';
import { isValidNpi } from '../../shared/codes/npi';
import { createTestKey } from '../../tests/helpers/keys';
import { startWorld } from '../../tests/integration/exclusions/world';
import { countRequests } from '../sdk-counter';
import type { BenchRow, BenchSuite } from '../types';

const BATCH = 1_000;
const RUNS = 30;
/** Every list's fixture is in force (the nine states and SAM.gov from 2025-07-01) and none is stale yet. */
const AS_OF = '2025-07-03';

/** The i-th valid NPI after a base (check digit computed by trying each). */
function npiAt(i: number): string {
  const stem = String(170000000 + i * 7);
  for (let d = 0; d < 10; d++) if (isValidNpi(`${stem}${d}`)) return `${stem}${d}`;
  throw new Error(`no NPI for ${stem}`);
}

const LAST = ['Alderman', 'Tarrant', 'Quennell', 'Nakamura', 'Whitfield', 'Okafor', 'Rivera', 'Chen', 'Patel', 'Moore'];
const FIRST = ['Oswin', 'Marisol', 'James', 'Paula', 'Ana', 'Wei', 'Priya', 'Sam', 'Leah', 'Omar'];
const ORGS = ['Brightwater Durable Medical LLC', 'Harborview Pharmacy', 'Northgate Home Care', 'Summit Clinic Inc'];
const STATES = ['NY', 'OH', 'GA', 'CA', 'TX', 'PA', 'NJ', 'WA', 'AZ', 'KY'];

/** 1,000 inputs: a third NPIs (some on the lists), a third people with a state, a third organizations. */
function inputs(): Record<string, string>[] {
  return Array.from({ length: BATCH }, (_, i): Record<string, string> => {
    const state = STATES[i % STATES.length]!;
    if (i % 3 === 0) return { npi: i % 30 === 0 ? '1730151002' : npiAt(i) };
    if (i % 3 === 1) return { last_name: LAST[i % LAST.length]!, first_name: FIRST[(i >> 1) % FIRST.length]!, state };
    return { organization_name: ORGS[i % ORGS.length]!, state };
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Issue 24 point 6: POST /exclusions/screen with 1,000 inputs against every list in force (the OIG
 * LEIE, SAM.gov, sixteen state lists; the NPPES registry resolving the NPIs), in-process through the
 * whole app: p50 and p99 of the batch over RUNS runs, and storage requests per input on the first
 * (cold) batch and a warm one. Same-run reference: 1,000 keys read by BatchGetItem (ten requests of
 * 100 keys) from the same engine, the floor of any screen that reads a row per input.
 */
export const suite: BenchSuite = {
  name: 'screening',
  timeoutMs: 300_000,
  description: 'exclusion screen of 1,000 inputs against every list in force: p50/p99, storage requests per input',
  async run(log) {
    const w = await startWorld();
    const rows: BenchRow[] = [];
    try {
      const key = await createTestKey(w.h.deps, 'enterprise', []);
      const body = JSON.stringify({ as_of: AS_OF, items: inputs() });
      const counter = countRequests([w.h.deps.clients.dynamodb]);
      const post = async () => {
        const res = await w.h.request('/exclusions/screen', {
          method: 'POST',
          headers: { ...key.headers, 'content-type': 'application/json' },
          body,
        });
        if (res.status !== 200) throw new Error(`screen answered ${res.status}: ${await res.text()}`);
        return (await res.json()) as { excluded_count: number; results: unknown[]; sources: unknown[] };
      };
      counter.reset();
      const first = await post();
      const cold = counter.calls.filter((c) => c.table !== 'keys').length;
      log(
        `cold batch: ${cold} storage requests, ${first.excluded_count} of ${first.results.length} excluded, ${first.sources.length} list versions cited`,
      );
      counter.reset();
      await post();
      const warm = counter.calls.filter((c) => c.table !== 'keys').length;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await post();
        times.push(performance.now() - t);
      }
      // Reference: 1,000 point reads by key from the catalog table (keys no item holds: the engine
      // still looks each one up, and no row decoding favours either side).
      const table = w.h.deps.config.tables.catalog;
      const refTimes: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await Promise.all(
          Array.from({ length: BATCH / 100 }, (_, b) =>
            w.h.deps.clients.dynamodb.send(
              new BatchGetItemCommand({
                RequestItems: {
                  [table]: {
                    Keys: Array.from({ length: 100 }, (_, k) => ({
                      pk: { S: `BENCH#${b}` },
                      sk: { S: String(k).padStart(4, '0') },
                    })),
                  },
                },
              }),
            ),
          ),
        );
        refTimes.push(performance.now() - t);
      }
      const reference = { name: '1,000 keys by BatchGetItem (10 × 100)', value: round(pct(refTimes, 99)), unit: 'ms' };
      const p50 = pct(times, 50);
      const p99 = pct(times, 99);
      log(`batch of ${BATCH}: p50 ${round(p50)} ms, p99 ${round(p99)} ms; reference p99 ${reference.value} ms`);
      rows.push(
        {
          suite: 'screening',
          metric: `screen of ${BATCH} inputs, p50`,
          value: round(p50),
          unit: 'ms',
          reference,
          ratio: round(p50 / reference.value),
        },
        {
          suite: 'screening',
          metric: `screen of ${BATCH} inputs, p99`,
          value: round(p99),
          unit: 'ms',
          reference,
          ratio: round(p99 / reference.value),
        },
        {
          suite: 'screening',
          metric: 'screen p99 per input',
          value: Math.round((p99 / BATCH) * 1000) / 1000,
          unit: 'ms',
        },
        {
          suite: 'screening',
          metric: 'storage requests per input, cold batch',
          value: Math.round((cold / BATCH) * 1000) / 1000,
          unit: 'requests',
          note: `${cold} requests for ${BATCH} inputs (timelines, registry, index reads batched)`,
        },
        {
          suite: 'screening',
          metric: 'storage requests per input, warm batch',
          value: Math.round((warm / BATCH) * 1000) / 1000,
          unit: 'requests',
          note: `${warm} requests for ${BATCH} inputs`,
        },
      );
    } finally {
      await w.h.close();
    }
    return rows;
  },
};
