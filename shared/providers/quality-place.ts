import type { RowPlacer } from '../catalog/dataset';
import type { CatalogVersion } from '../catalog/timeline';
import type { Deps } from '../deps';
import { leaderKey, type MipsRow, specialtySlug } from './quality-rows';
import { resolveNpis } from './resolve';

/** NPIs remembered at once (rows of one NPI are adjacent in the published files). */
const NPI_CACHE = 20_000;

interface Registered {
  taxonomy: string | null;
  state: string | null;
}

/**
 * The placer of the MIPS rows (shared/catalog/dataset.ts `placer`): each NPI to the primary
 * taxonomy and practice state of its NPPES record (the registry as loaded when the MIPS file
 * loads), batched per chunk of rows, memory bounded by NPI_CACHE. The leaderboard key is computed
 * here too, so the specialty partitions and their order are built at load, never per request.
 */
export async function openMipsPlacer(deps: Deps, _version: CatalogVersion): Promise<RowPlacer<MipsRow>> {
  const { view: registry } = await resolveNpis(deps, []);
  const placedWith = registry.versions.length
    ? registry.versions
        .map((v) => `${v.source_id}:${v.version_id}`)
        .sort()
        .join(',')
    : 'none';
  let npis = new Map<string, Registered | null>();
  return {
    async place(rows) {
      const fresh = [...new Set(rows.map((r) => r.npi))].filter((n) => !npis.has(n));
      if (fresh.length && registry.versions.length) {
        if (npis.size + fresh.length > NPI_CACHE) npis = new Map();
        const { providers } = await resolveNpis(deps, fresh, registry);
        for (const n of fresh) {
          const p = providers.get(n)?.provider;
          npis.set(n, p ? { taxonomy: p.primary_taxonomy?.toUpperCase() ?? null, state: p.practice_state } : null);
        }
      }
      return rows.map((r) => {
        const reg = npis.get(r.npi) ?? null;
        const fileSpecialty = r.file_specialty ? specialtySlug(r.file_specialty) || null : null;
        const specialty = reg?.taxonomy ?? fileSpecialty;
        const state = r.file_practice_state ?? reg?.state?.toUpperCase() ?? null;
        return {
          ...r,
          specialty,
          specialty_from: reg?.taxonomy ? 'nppes_taxonomy' : fileSpecialty ? 'mips_file' : null,
          state,
          state_from: r.file_practice_state ? 'mips_file' : state ? 'nppes_practice_address' : null,
          leader_key: leaderKey(r.final_score, r.npi, r.org_pac_id),
          placed_with: placedWith,
        };
      });
    },
  };
}
