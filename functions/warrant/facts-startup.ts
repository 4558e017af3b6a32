import { runAccuracyCheck } from '../../shared/accuracy/check';
import type { Deps } from '../../shared/deps';
import type { LoadOutcome } from '../../shared/facts/load-version';

/** `npm start` lines for the warrant facts one load pass loaded (none after the first start). */
export async function factsLines(deps: Deps, outcomes: readonly LoadOutcome[], ms: number): Promise<string[]> {
  const loaded = outcomes.filter((o) => o.status === 'loaded');
  const failed = outcomes
    .filter((o) => o.status === 'failed')
    .map((o) => `  could not load ${o.doc_id} v${o.version_id}: ${o.error}`);
  if (!loaded.length) return ['Warrant facts up to date.', ...failed];
  const facts = loaded.reduce((n, o) => n + o.facts, 0);
  const checks = await runAccuracyCheck(deps);
  const checked = checks.reduce((n, r) => n + r.checked, 0);
  const matched = checks.reduce((n, r) => n + r.matched, 0);
  return [
    `Loaded warrant facts of ${loaded.length} archive versions (${facts} facts) in ${ms} ms; accuracy check ${matched}/${checked} rows identical.`,
    ...failed,
  ];
}
