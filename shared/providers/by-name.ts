import { startOf } from '../catalog/in-force';
import { namespaceOf, tokenPk, versionBounds } from '../catalog/keys';
import type { CatalogVersion } from '../catalog/timeline';
import type { DatasetView } from '../catalog/view';
import type { Deps } from '../deps';
import type { RegistryProvider } from './record';
import type { ResolvedProvider } from './resolve';

/** Registry rows one name token reads at most; past it the name is too common in that state to search. */
export const NAME_TOKEN_CAP = 2000;

export interface NameTokenRows {
  /** One row per NPI: the latest version listing it (a weekly update supersedes the monthly file). */
  providers: ResolvedProvider[];
  /** More rows than NAME_TOKEN_CAP: nothing is returned, the name is too common to search here. */
  tooCommon: boolean;
}

/**
 * The registry rows of each name token (./name-key.ts) in the registry view's versions: one
 * partition query per token and loader generation, several in flight. Bounded: a token reads at
 * most NAME_TOKEN_CAP rows.
 */
export async function findByNameTokens(
  deps: Deps,
  view: DatasetView,
  tokens: Iterable<string>,
): Promise<Map<string, NameTokenRows>> {
  const byNs = new Map<string, Map<number, CatalogVersion>>();
  for (const v of view.versions) {
    const ns = namespaceOf(view.dataset.id, v.generation);
    byNs.set(ns, (byNs.get(ns) ?? new Map()).set(v.version_id, v));
  }
  const order = (x: CatalogVersion) => `${startOf(x)}#${String(x.version_id).padStart(12, '0')}`;
  const out = new Map<string, NameTokenRows>();
  await Promise.all(
    [...new Set(tokens)].map(async (token) => {
      const best = new Map<string, ResolvedProvider>();
      let tooCommon = false;
      for (const [ns, byId] of byNs) {
        const ids = [...byId.keys()];
        const page = await deps.tables.catalog.query(tokenPk(ns, token), {
          between: versionBounds(Math.min(...ids), Math.max(...ids)),
          maxScanned: NAME_TOKEN_CAP,
        });
        if (page.lastKey) tooCommon = true;
        for (const item of page.items) {
          const version = byId.get(Number(item.version_id));
          if (!version) continue;
          const provider = item.value as unknown as RegistryProvider;
          const had = best.get(provider.npi);
          if (!had || order(version) > order(had.version)) best.set(provider.npi, { provider, version });
        }
      }
      out.set(token, { providers: tooCommon ? [] : [...best.values()], tooCommon });
    }),
  );
  return out;
}
