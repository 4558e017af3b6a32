import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Engines, startEngines } from '../../shared/local/engines';
import { type Resolver, staticResolver } from '../../shared/webhooks/resolver';
import { runDelivery } from '../../shared/webhooks/run';
import { DELIVERY_TIMEOUT_MS, type Transport } from '../../shared/webhooks/sender';
import { type Harness, startHarness } from '../../tests/helpers/harness';
import { buildFleet, kindOf, type Observed, observe } from '../delivery/fleet';
import { type Counts, type Receivers, startReceivers } from '../delivery/receivers';
import type { BenchRow, BenchSuite } from '../types';

const SUBSCRIPTIONS = 2000;
/** Slow receivers answer after 15 s, past the sender's 10 s deadline. */
const SLOW_MS = 15_000;
const CHANGES = 3;
const HOST = 'receivers.bench.example';
/** A public address the benchmark name "resolves" to; the transport maps it to the local receivers. */
const PUBLIC_ADDR = '93.184.215.14';

/**
 * The daily delivery run (shared/webhooks/run.ts) over 2,000 subscriptions against local HTTPS
 * receivers in another process, 5% slow (15 s) and 5% failing (500), at the configured
 * concurrency and the real 10 s deadline. The reference, in the same run, is the same delivery
 * without the slow receivers (the other 1,900), which is "the time to send the rest at the
 * configured concurrency". Target: total < 2 x 10 s + that time; healthy deliveries are never
 * slowed themselves (their exchange latency stays far below the deadline).
 */
export const suite: BenchSuite = {
  name: 'delivery',
  timeoutMs: 210_000,
  description: 'daily webhook run over 2,000 subscriptions, 5% slow (15 s) and 5% failing receivers',
  async run(log) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-delivery-'));
    let engines: Engines | undefined;
    let receivers: Receivers | undefined;
    const harnesses: Harness[] = [];
    try {
      receivers = await startReceivers(dir, HOST, SLOW_MS);
      engines = await startEngines();
      const port = receivers.port;
      const transport: Transport = {
        ca: receivers.ca,
        connectOverride: (address, p) =>
          address === PUBLIC_ADDR && p === 443 ? { host: '127.0.0.1', port } : undefined,
      };
      const resolver = staticResolver({ [HOST]: [PUBLIC_ADDR] });
      const all = Array.from({ length: SUBSCRIPTIONS }, (_, i) => i);

      const ctx = { engines, receivers, resolver, transport, harnesses };
      const ref = await deliverOnce(
        ctx,
        all.filter((i) => kindOf(i) !== 'slow'),
      );
      const full = await deliverOnce(ctx, all);
      const concurrency = full.concurrency;

      const healthy = full.observed.filter((o) => o.kind === 'ok');
      const refHealthy = ref.observed.filter((o) => o.kind === 'ok');
      const deadline = DELIVERY_TIMEOUT_MS / 1000;
      const perSlotMs = (ref.seconds * 1000 * concurrency) / ref.observed.length;
      const bound = 2 * deadline + ref.seconds;
      const latency = max(healthy.map((o) => o.latencyMs));
      const refLatency = max(refHealthy.map((o) => o.latencyMs));
      const doneBy = max(healthy.map((o) => o.doneAtMs)) / 1000;
      const refDoneBy = max(refHealthy.map((o) => o.doneAtMs)) / 1000;
      const slowest = max(full.observed.filter((o) => o.kind === 'slow').map((o) => o.latencyMs));
      log(
        `concurrency ${concurrency}: ${SUBSCRIPTIONS} subscriptions in ${full.seconds.toFixed(1)} s; bound ${bound.toFixed(1)} s = 2 x ${deadline} s + ${ref.seconds.toFixed(1)} s for the ${ref.observed.length} others alone (${perSlotMs.toFixed(0)} ms per delivery slot)`,
      );
      log(
        `healthy: exchange latency p50 ${pct(healthy, 'latencyMs', 0.5)} ms, max ${latency} ms; all done by ${doneBy.toFixed(1)} s (p50 ${(pct(healthy, 'doneAtMs', 0.5) / 1000).toFixed(1)} s), ${refDoneBy.toFixed(1)} s without slow receivers; slow ones cut at ${slowest} ms`,
      );
      const without = (value: number, unit: string) => ({ name: 'same run without the slow receivers', value, unit });
      return [
        {
          suite: 'delivery',
          metric: `run over ${SUBSCRIPTIONS} subscriptions (5% slow, 5% failing)`,
          value: full.seconds,
          unit: 's',
          reference: without(ref.seconds, 's'),
          ratio: full.seconds / ref.seconds,
          target: `< 2 x ${deadline} s + ${ref.seconds.toFixed(1)} s`,
          met: full.seconds < bound,
          note: `concurrency ${concurrency}; ${perSlotMs.toFixed(0)} ms per delivery slot`,
        },
        {
          suite: 'delivery',
          metric: 'max exchange latency of a healthy delivery',
          value: latency,
          unit: 'ms',
          reference: without(refLatency, 'ms'),
          ratio: latency / refLatency,
          target: `< 1000 ms (deadline ${deadline} s)`,
          met: latency < 1000,
        },
        {
          suite: 'delivery',
          metric: 'last healthy delivery done after',
          value: doneBy,
          unit: 's',
          reference: without(refDoneBy, 's'),
          ratio: doneBy / refDoneBy,
          target: `< ${refDoneBy.toFixed(1)} s + ${deadline} s`,
          met: doneBy < refDoneBy + deadline,
          note: 'queueing: a healthy receiver waits for a free slot while slow ones hold them',
        },
      ] satisfies BenchRow[];
    } finally {
      for (const h of harnesses) await h.close();
      await engines?.stop();
      await receivers?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

interface RunContext {
  engines: Engines;
  receivers: Receivers;
  resolver: Resolver;
  transport: Transport;
  /** Every harness started, for the suite to close. */
  harnesses: Harness[];
}

/**
 * One daily run over the subscriptions at `indexes`, in a fresh table prefix; checks the outcome
 * (every healthy receiver delivered, every slow and failing one failed, each receiver reached once)
 * and reads each subscription's attempt back from the delivery log.
 */
async function deliverOnce(ctx: RunContext, indexes: number[]) {
  const h = await startHarness({ engines: ctx.engines });
  ctx.harnesses.push(h);
  const members = await buildFleet(h.deps, HOST, indexes, CHANGES);
  const before = await ctx.receivers.counts();
  const started = Date.now();
  const stats = await runDelivery(h.deps, { resolver: ctx.resolver, transport: ctx.transport });
  const seconds = (Date.now() - started) / 1000;
  const seen = diff(await ctx.receivers.counts(), before);
  const want = { ok: count(indexes, 'ok'), slow: count(indexes, 'slow'), fail: count(indexes, 'fail') };
  if (stats.delivered !== want.ok || stats.failed !== want.slow + want.fail || stats.errors !== 0) {
    throw new Error(`run over ${indexes.length}: ${JSON.stringify(stats)}, expected ${JSON.stringify(want)}`);
  }
  if (seen.ok !== want.ok || seen.slow !== want.slow || seen.fail !== want.fail) {
    throw new Error(`receivers saw ${JSON.stringify(seen)}, expected ${JSON.stringify(want)}`);
  }
  const observed = await observe(h.deps, members, started);
  return { seconds, observed, concurrency: h.deps.config.webhooks.concurrency };
}

function count(indexes: number[], kind: string): number {
  return indexes.filter((i) => kindOf(i) === kind).length;
}

function diff(a: Counts, b: Counts): Counts {
  return { ok: a.ok - b.ok, slow: a.slow - b.slow, fail: a.fail - b.fail };
}

function max(xs: number[]): number {
  return xs.reduce((m, x) => Math.max(m, x), Number.NEGATIVE_INFINITY);
}

function pct(xs: Observed[], field: 'latencyMs' | 'doneAtMs', q: number): number {
  const s = xs.map((o) => o[field]).sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? Number.NaN;
}
