import * as fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { canonicalize } from 'json-canonicalize';
import { signResponse } from '../../shared/attestation/attest';
import { keyFromSeed, newSeed } from '../../shared/attestation/key';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { seedFixtures } from '../../tests/helpers/seed';
import { countRequests } from '../sdk-counter';
import type { BenchRow, BenchSuite } from '../types';

const QUERY = '/rules/warrant?hcpcs=E0601&as_of=2025-05-15&state=NY&npi=1529384707';
const SAMPLES = 300;
const LOAD_SECONDS = 20;
const CONNECTIONS = 50;

/**
 * The warrant route against the embedded engines: storage requests per answer (counted by an SDK
 * middleware) and how many of them run one after another, latency in-process and over HTTP, load
 * at 50 concurrent connections for 20 s, and the share of a request spent canonicalizing and signing.
 */
export const suite: BenchSuite = {
  name: 'warrant',
  timeoutMs: 150_000,
  description: 'requests per warrant, latency (in-process, HTTP), throughput at 50 connections, signing share',
  async run(log) {
    // A file signing key (created in the harness's temporary DATA_DIR), so every answer is signed as in production.
    const h = await startHarness({ env: { SIGNING_KEY_SOURCE: 'file', LOG_LEVEL: 'silent' } });
    const rows: BenchRow[] = [];
    let server: ReturnType<typeof serve> | undefined;
    try {
      await seedFixtures(h.deps, (e) => e.source_id !== 'nppes');
      const key = await createTestKey(h.deps, 'enterprise', ['warrant']);
      const headers = key.headers;
      const counter = countRequests([h.deps.clients.dynamodb, h.deps.clients.s3]);

      await h.request(QUERY, { headers }); // warm the key cache and the code path
      counter.reset();
      const res = await h.request(QUERY, { headers });
      if (res.status !== 200) throw new Error(`warrant answered ${res.status}`);
      const { attestation, ...body } = (await res.json()) as Record<string, unknown>;
      if (!attestation) throw new Error('the warrant answer is not signed');
      const warrantCalls = counter.calls.filter((c) => c.table !== 'keys');
      const sequence = longestChain(warrantCalls);
      log(
        `storage requests for one warrant: ${warrantCalls.length} (${sequence} in sequence); auth/usage: ${counter.calls.length - warrantCalls.length}`,
      );
      rows.push({
        suite: 'warrant',
        metric: 'storage requests per warrant',
        value: warrantCalls.length,
        unit: 'requests',
        target: '<= 8',
        met: warrantCalls.length <= 8,
        note: 'excluding API-key lookup and usage counter',
      });
      rows.push({
        suite: 'warrant',
        metric: 'storage requests in sequence',
        value: sequence,
        unit: 'requests',
        target: '<= 3',
        met: sequence <= 3,
      });
      rows.push({
        suite: 'warrant',
        metric: 'auth + usage requests per call',
        value: counter.calls.length - warrantCalls.length,
        unit: 'requests',
      });
      counter.stop();

      const inProc = await latencies(SAMPLES, async () => {
        const r = await h.request(QUERY, { headers });
        await r.arrayBuffer();
      });
      server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise<void>((r) => server?.once('listening', () => r()));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const http = await latencies(SAMPLES, async () => {
        const r = await fetch(base + QUERY, { headers });
        await r.arrayBuffer();
      });
      log(
        `in-process median ${inProc.p50.toFixed(2)} ms p99 ${inProc.p99.toFixed(2)} ms; HTTP median ${http.p50.toFixed(2)} ms p99 ${http.p99.toFixed(2)} ms`,
      );

      // Signing share: canonicalize + sign the real answer body (its attestation removed), against
      // the route's median latency (which includes the route's own signing).
      const signingKey = keyFromSeed(newSeed());
      const signMs = median(
        Array.from({ length: 200 }, () => {
          const t = performance.now();
          signResponse(body, signingKey, { issuedAt: '2026-01-01T00:00:00.000000+00:00', publicKeyUrl: 'http://x' });
          return performance.now() - t;
        }),
      );
      const canonBytes = Buffer.byteLength(canonicalize(body));
      // Reference: one DynamoDB GetItem against the same embedded engine, the unit a warrant's
      // latency is made of (its storage requests run in at most a few rounds).
      const getItem = await latencies(200, async () => {
        await h.deps.tables.archive.get({ pk: 'BENCH#reference', sk: 'none' });
      });
      for (const [metric, v] of [
        ['in-process latency p50', inProc.p50],
        ['in-process latency p99', inProc.p99],
        ['HTTP latency p50', http.p50],
        ['HTTP latency p99', http.p99],
      ] as const) {
        rows.push({
          suite: 'warrant',
          metric,
          value: v,
          unit: 'ms',
          reference: { name: 'one DynamoDB GetItem p50', value: getItem.p50, unit: 'ms' },
          ratio: v / getItem.p50,
        });
      }
      const share = signMs / inProc.p50;
      rows.push({
        suite: 'warrant',
        metric: 'canonicalize + sign share of a request',
        value: share * 100,
        unit: '%',
        target: '< 10 %',
        met: share < 0.1,
        note: `${signMs.toFixed(3)} ms for ${canonBytes} canonical bytes`,
      });

      const load = await loadTest(base + QUERY, headers, CONNECTIONS, LOAD_SECONDS * 1000);
      log(`load: ${load.requests} requests in ${LOAD_SECONDS} s at ${CONNECTIONS} connections, ${load.errors} errors`);
      const healthLoad = await loadTest(`${base}/health`, {}, CONNECTIONS, 5000);
      const healthRate = healthLoad.requests / 5;
      rows.push({
        suite: 'warrant',
        metric: `requests/s at ${CONNECTIONS} connections for ${LOAD_SECONDS} s`,
        value: load.requests / LOAD_SECONDS,
        unit: 'req/s',
        reference: { name: 'GET /health req/s (5 s, same connections)', value: healthRate, unit: 'req/s' },
        ratio: load.requests / LOAD_SECONDS / healthRate,
        note: 'client, server and both engines share this machine',
      });
      rows.push({
        suite: 'warrant',
        metric: 'errors under load',
        value: load.errors,
        unit: 'responses',
        target: '0',
        met: load.errors === 0,
      });
    } finally {
      if (server) await new Promise<void>((r) => server?.close(() => r()));
      await h.close();
      fs.rmSync(h.deps.config.dataDir, { recursive: true, force: true });
    }
    return rows;
  },
};

async function latencies(n: number, fn: () => Promise<void>) {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  return { p50: xs[Math.floor(n * 0.5)]!, p99: xs[Math.min(n - 1, Math.floor(n * 0.99))]! };
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The most requests that ran strictly one after another (greedy interval chain). */
function longestChain(calls: { start: number; end: number }[]): number {
  const sorted = [...calls].sort((a, b) => a.end - b.end);
  let count = 0;
  let lastEnd = -Infinity;
  for (const c of sorted) {
    if (c.start >= lastEnd) {
      count++;
      lastEnd = c.end;
    }
  }
  return count;
}

async function loadTest(url: string, headers: Record<string, string>, connections: number, ms: number) {
  const until = Date.now() + ms;
  let requests = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        try {
          const r = await fetch(url, { headers });
          await r.arrayBuffer();
          if (r.status !== 200) errors++;
        } catch {
          errors++;
        }
        requests++;
      }
    }),
  );
  return { requests, errors };
}
