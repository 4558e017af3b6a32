import { asOfOrToday } from '../catalog/as-of';
import type { RowPlacer } from '../catalog/dataset';
import { getDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import type { CatalogVersion } from '../catalog/timeline';
import { viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { resolveNpis } from '../providers/resolve';
import type { PartdDemandRow } from './demand-rows';
import { ZIP_CROSSWALK_DATASET } from './demand-rows';

/** NPIs remembered at once (the file is grouped by prescriber, so a small cache serves it). */
const NPI_CACHE = 20_000;
/** CBSA code HUD gives ZIPs outside every CBSA. */
const NO_CBSA = '99999';

interface Place {
  county: string | null;
  cbsa: string | null;
}

interface Pair {
  geo_kind: 'county' | 'cbsa';
  geo_code: string;
  bus_ratio: number;
  tot_ratio: number;
}

/** The code of the geography holding most of the ZIP's business addresses (ties: total share, then code). */
export function dominant(pairs: readonly Pair[], kind: Pair['geo_kind']): string | null {
  let best: Pair | undefined;
  for (const p of pairs) {
    if (p.geo_kind !== kind) continue;
    if (
      !best ||
      p.bus_ratio > best.bus_ratio ||
      (p.bus_ratio === best.bus_ratio &&
        (p.tot_ratio > best.tot_ratio || (p.tot_ratio === best.tot_ratio && p.geo_code < best.geo_code)))
    )
      best = p;
  }
  return best ? best.geo_code : null;
}

/**
 * The placer of the Part D demand rows (shared/catalog/dataset.ts `placer`): each prescriber NPI to
 * the practice-location ZIP of its registry record (NPPES, as loaded when the file loads: an NPI's
 * current practice address), the ZIP to its dominant county and CBSA in the newest ZIP crosswalk
 * loaded. Lookups are batched per 500 rows; memory is bounded by NPI_CACHE NPIs and one entry per
 * ZIP seen (~41,000 ZIPs exist). `placed_with` names the versions used, on every row.
 */
export async function openDemandPlacer(deps: Deps, _version: CatalogVersion): Promise<RowPlacer<PartdDemandRow>> {
  const today = asOfOrToday(deps.clock);
  const crosswalk = getDataset(ZIP_CROSSWALK_DATASET);
  const { view: registry } = await resolveNpis(deps, []);
  const zipView = crosswalk ? await viewOf(deps, crosswalk, today) : undefined;
  const used = [...registry.versions, ...(zipView?.versions ?? [])];
  const placedWith = used.length
    ? used
        .map((v) => `${v.source_id}:${v.version_id}`)
        .sort()
        .join(',')
    : 'none';
  let npis = new Map<string, string | null>();
  const zips = new Map<string, Place>();
  return {
    async place(rows) {
      const newNpis = [...new Set(rows.map((r) => r.npi))].filter((n) => !npis.has(n));
      if (newNpis.length && registry.versions.length) {
        if (npis.size + newNpis.length > NPI_CACHE) npis = new Map();
        const { providers } = await resolveNpis(deps, newNpis, registry);
        for (const n of newNpis) {
          const zip = providers.get(n)?.provider.practice_postal_code?.replace(/\D/g, '').slice(0, 5) ?? '';
          npis.set(n, /^\d{5}$/.test(zip) ? zip : null);
        }
      }
      const newZips = [...new Set(rows.map((r) => npis.get(r.npi)).filter((z): z is string => !!z))].filter(
        (z) => !zips.has(z),
      );
      if (newZips.length && crosswalk && zipView?.versions.length) {
        const found = await lookupMany(deps, crosswalk, 'zip', newZips, zipView.versions);
        for (const z of newZips) {
          const pairs = (found.get(z) ?? []).map((r) => r.value as unknown as Pair);
          const cbsa = dominant(pairs, 'cbsa');
          zips.set(z, { county: dominant(pairs, 'county'), cbsa: cbsa === NO_CBSA ? null : cbsa });
        }
      }
      return rows.map((r) => {
        const zip = npis.get(r.npi) ?? null;
        const place = zip ? zips.get(zip) : undefined;
        const placement: PartdDemandRow['placement'] = !registry.versions.length
          ? 'not_placed'
          : !zip
            ? 'npi_not_in_registry'
            : !place?.county
              ? 'zip_not_in_crosswalk'
              : 'placed';
        return {
          ...r,
          zip5: zip,
          county_fips: place?.county ?? null,
          cbsa: place?.county ? place.cbsa : null,
          placement,
          placed_with: placedWith,
        };
      });
    },
  };
}
