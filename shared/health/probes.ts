import type { DependencyProbe } from '../deps';

export interface ProbeResult {
  name: string;
  status: 'ok' | 'failing';
  latency_ms: number;
  error?: string;
}

/** Run every probe concurrently, each bounded by `timeoutMs`; a probe that throws or times out is failing. */
export async function runProbes(probes: readonly DependencyProbe[], timeoutMs = 2000): Promise<ProbeResult[]> {
  return Promise.all(
    probes.map(async (p) => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          p.check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return { name: p.name, status: 'ok' as const, latency_ms: elapsed(started) };
      } catch (e) {
        return { name: p.name, status: 'failing' as const, latency_ms: elapsed(started), error: summarize(e) };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

function summarize(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`.slice(0, 200);
  return String(e).slice(0, 200);
}
