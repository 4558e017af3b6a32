import { installDatasets } from '../catalog/datasets';
import { installFacts } from '../facts/registry';
import { installSources } from '../sources/registry';
import { SOURCE_MODULES } from './index.generated';
import type { SourceModule } from './module';

/**
 * The composition root's one step that knows the datasets: installs every dataset folder's
 * source, facts and catalog datasets into the engine registries. Imported (for its effect) by the
 * Lambda entries, `npm start`, the CLIs, the bench and the test setup; no engine module imports it.
 */
export function installModules(modules: readonly SourceModule[]): void {
  const facts = modules.flatMap((m) => Object.entries(m.facts ?? {}));
  installSources(
    modules.map((m) => m.source),
    facts.map(([docId]) => docId),
  );
  installFacts(facts);
  installDatasets(modules.flatMap((m) => m.datasets ?? []));
}

installModules(SOURCE_MODULES);
