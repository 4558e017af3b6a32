import type { Deps } from '../deps';
import { getSource } from '../sources/registry';
import { ALL_WARRANT_SOURCES } from '../warrant/sources';
import { ACCURACY_PK, type AccuracyRun } from './check';

export interface SourceAccuracy {
  source_id: string;
  title: string;
  accuracy_class: string;
  runs: number;
  checked: number;
  latest: { run_at: string; accuracy: number | null; checked: number; matched: number } | null;
  mean: number | null;
  variance: number | null;
  std_dev: number | null;
}

const WINDOW = 10;

/** Population mean and variance of the accuracy of the last runs that checked something. */
export function summarize(runs: readonly Pick<AccuracyRun, 'accuracy'>[]): {
  mean: number | null;
  variance: number | null;
} {
  const xs = runs.map((r) => r.accuracy).filter((x): x is number => x !== null);
  if (!xs.length) return { mean: null, variance: null };
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
  return { mean, variance };
}

/** The accuracy benchmark per warrant source, from the stored check runs (newest WINDOW runs). */
export async function accuracyReport(deps: Deps): Promise<SourceAccuracy[]> {
  return Promise.all(
    ALL_WARRANT_SOURCES.map(async (sourceId) => {
      const { items } = await deps.tables.facts.query(ACCURACY_PK(sourceId), { descending: true, limit: WINDOW });
      const runs = items as unknown as AccuracyRun[];
      const { mean, variance } = summarize(runs);
      const decl = getSource(sourceId);
      const latest = runs[0];
      return {
        source_id: sourceId,
        title: decl?.title ?? sourceId,
        accuracy_class: decl?.accuracyClass ?? 'unknown',
        runs: runs.length,
        checked: runs.reduce((n, r) => n + Number(r.checked), 0),
        latest: latest
          ? {
              run_at: latest.run_at,
              accuracy: latest.accuracy,
              checked: Number(latest.checked),
              matched: Number(latest.matched),
            }
          : null,
        mean,
        variance,
        std_dev: variance === null ? null : Math.sqrt(variance),
      };
    }),
  );
}
