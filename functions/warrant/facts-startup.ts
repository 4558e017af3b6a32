import type { Deps } from '../../shared/deps';
import { syncFacts } from '../../shared/facts/pipeline';

/** `npm start` step: load the facts of every archived version not loaded yet (none after the first start). */
export async function loadFactsStep(deps: Deps): Promise<string[]> {
  const started = Date.now();
  const outcomes = await syncFacts(deps);
  const loaded = outcomes.filter((o) => o.status === 'loaded');
  if (!loaded.length) return ['Warrant facts up to date.'];
  const facts = loaded.reduce((n, o) => n + o.facts, 0);
  return [`Loaded warrant facts of ${loaded.length} archive versions (${facts} facts) in ${Date.now() - started} ms.`];
}
