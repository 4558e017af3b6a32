import { runAccuracyCheck } from '../../shared/accuracy/check';
import type { Deps } from '../../shared/deps';
import { syncFacts } from '../../shared/facts/pipeline';

/** `npm start` step: load the facts of every archived version not loaded yet (none after the first start). */
export async function loadFactsStep(deps: Deps): Promise<string[]> {
  if (!deps.config.loadFactsAtStart)
    return ['Warrant facts: start-up load off (LOAD_FACTS_AT_START=false); run `npm run archive -- load`.'];
  const started = Date.now();
  const outcomes = await syncFacts(deps);
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
    `Loaded warrant facts of ${loaded.length} archive versions (${facts} facts) in ${Date.now() - started} ms; accuracy check ${matched}/${checked} rows identical.`,
    ...failed,
  ];
}
