import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startHarness } from '../../tests/helpers/harness';
import { createTestKey } from '../../tests/helpers/keys';
import { seedFixtures } from '../../tests/helpers/seed';
import type { BenchRow, BenchSuite } from '../types';

const RUNS = 200;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * What the agent-tool surface costs over the API (issue 25): a tool call is the route's own request
 * plus one MCP server and transport per POST /mcp and the JSON-RPC framing. In process through the
 * whole app, interleaved: the same read as a tool call and as a plain GET (the same-run reference),
 * for a rule read and the signed warrant; and the first tools/list of a process (the generated tool
 * catalog, functions/mcp/tools.generated.json, and the SDK's first request) against a later one.
 */
export const suite: BenchSuite = {
  name: 'mcp',
  timeoutMs: 300_000,
  description: 'MCP tool call against the same GET, in process: p50/p99 overhead; first and later tools/list',
  async run(log) {
    const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mcp-')), 'signing-key.json');
    const h = await startHarness({ env: { SIGNING_KEY_SOURCE: 'file', SIGNING_KEY_FILE: keyFile } });
    const rows: BenchRow[] = [];
    try {
      await seedFixtures(h.deps);
      const key = await createTestKey(h.deps, 'enterprise', ['warrant']);
      const rpc = async (method: string, params: unknown) => {
        const res = await h.request('/mcp', {
          method: 'POST',
          headers: {
            ...key.headers,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        });
        const body = (await res.json()) as { result?: { isError?: boolean } };
        if (res.status !== 200 || !body.result || body.result.isError) {
          throw new Error(`${method} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
        }
      };
      let t = performance.now();
      await rpc('tools/list', {});
      const firstList = performance.now() - t;
      const later: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        t = performance.now();
        await rpc('tools/list', {});
        later.push(performance.now() - t);
      }
      const laterList = pct(later, 50);
      log(`tools/list: first ${round(firstList)} ms, later ${round(laterList)} ms`);
      rows.push({
        suite: 'mcp',
        metric: 'first tools/list of a process (generated catalog, first SDK request)',
        value: round(firstList),
        unit: 'ms',
        reference: { name: `tools/list afterwards, p50 of ${RUNS}`, value: round(laterList), unit: 'ms' },
        ratio: round(firstList / laterList),
      });
      const reads: { tool: string; path: string; args: Record<string, string> }[] = [
        { tool: 'ncci_mue', path: '/rules/ncci/mue', args: { hcpcs: 'E0601', as_of: '2025-05-15', units: '2' } },
        { tool: 'warrant', path: '/rules/warrant', args: { hcpcs: 'E0601', as_of: '2025-05-15', state: 'NY' } },
      ];
      for (const r of reads) {
        const direct = async () => {
          const res = await h.request(`${r.path}?${new URLSearchParams(r.args)}`, { headers: key.headers });
          if (res.status !== 200) throw new Error(`${r.path} answered ${res.status}`);
          await res.text();
        };
        const viaTool = () => rpc('tools/call', { name: r.tool, arguments: r.args });
        for (let i = 0; i < 10; i++) {
          await direct();
          await viaTool();
        }
        const d: number[] = [];
        const m: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          let s = performance.now();
          await direct();
          d.push(performance.now() - s);
          s = performance.now();
          await viaTool();
          m.push(performance.now() - s);
        }
        for (const p of [50, 99]) {
          const reference = { name: `GET ${r.path}, p${p}`, value: round(pct(d, p)), unit: 'ms' };
          rows.push({
            suite: 'mcp',
            metric: `tools/call ${r.tool} over /mcp, p${p}`,
            value: round(pct(m, p)),
            unit: 'ms',
            reference,
            ratio: round(pct(m, p) / reference.value),
          });
        }
        log(`${r.tool}: tool p50 ${round(pct(m, 50))} ms against GET p50 ${round(pct(d, 50))} ms`);
      }
    } finally {
      await h.close();
    }
    return rows;
  },
};
