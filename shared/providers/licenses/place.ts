import type { RowPlacer } from '../../catalog/dataset';
import { lookupMany } from '../../catalog/lookup';
import type { CatalogVersion } from '../../catalog/timeline';
import type { Deps } from '../../deps';
import type { RegistryProvider } from '../record';
import { registryDataset, resolveNpis } from '../resolve';
import type { LicenseRow } from './rows';

/** Licence keys remembered across batches (a licence's actions often follow it). */
const CACHE = 50_000;

function nameKey(s: string | null | undefined): string {
  return (s ?? '').toUpperCase().replace(/[^A-Z]/g, '');
}

/**
 * The match rule of a state file that carries no NPI (issue 21 point 5): the row's licence key
 * (state and number, shared/providers/license-key.ts) against the licences providers registered in
 * NPPES per taxonomy (`Provider License Number_n`, `Provider License Number State Code_n`; the
 * registry's `license` index), as loaded when the state file loads.
 *
 * - the registry's provider for the licence has the board's last name: `high`;
 * - the last names differ, or the board's row names no one: no NPI (`none`), since a licence number
 *   typed wrongly into NPPES would otherwise pin a board's action on someone else. The registry's
 *   licence index keeps one NPI per licence (the last row of the file that registers it: a unique
 *   index keeps the NPPES load in flat memory), so the name check is what guards a licence two
 *   NPIs registered.
 *
 * NPPES licence numbers are self-reported and often missing: a licence not found stays without an
 * NPI and is still found by state and number.
 */
export async function openLicensePlacer(deps: Deps, _version: CatalogVersion): Promise<RowPlacer<LicenseRow>> {
  const { view } = await resolveNpis(deps, []);
  const registry = registryDataset();
  let known = new Map<string, RegistryProvider[]>();
  return {
    async place(rows) {
      const wanted = [...new Set(rows.filter((r) => !r.npi).map((r) => r.license_key))].filter((k) => !known.has(k));
      if (wanted.length && view.versions.length) {
        if (known.size + wanted.length > CACHE) known = new Map();
        const found = await lookupMany(deps, registry, 'license', wanted, view.versions);
        for (const k of wanted) {
          // The latest registry row per NPI (a weekly update supersedes the monthly file).
          const byNpi = new Map<string, RegistryProvider>();
          for (const r of found.get(k) ?? []) byNpi.set((r.value as unknown as RegistryProvider).npi, r.value as never);
          known.set(k, [...byNpi.values()]);
        }
      }
      return rows.map((r) => {
        if (r.npi) return r;
        const candidates = known.get(r.license_key) ?? [];
        if (candidates.length !== 1) return r;
        const p = candidates[0]!;
        if (!r.last_name || nameKey(r.last_name) !== nameKey(p.last_name)) return r;
        return { ...r, npi: p.npi, npi_match: { method: 'nppes_license', confidence: 'high' } };
      });
    },
  };
}
