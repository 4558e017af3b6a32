import { asOfOrToday } from '../catalog/as-of';
import type { RowPlacer } from '../catalog/dataset';
import { getDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { readWholeListing } from '../catalog/query';
import type { CatalogVersion } from '../catalog/timeline';
import { viewOf } from '../catalog/view';
import type { StoredRow } from '../catalog/writer';
import type { Deps } from '../deps';
import { dominant } from './demand-place';
import { ZIP_CROSSWALK_DATASET } from './demand-rows';
import { type Entity, fundingClassOf, integrationOf, partiesOf } from './employer-classes';
import {
  FORM5500_SCH_A_DATASET,
  FORM5500_SCH_C_DATASET,
  type HealthPlanRow,
  PLAN_OWNERSHIP_DATASET,
  type ScheduleARow,
  type ScheduleCRow,
} from './employer-rows';

const NO_CBSA = '99999';
/** ZIPs remembered at once (about 41,000 exist; the bound keeps a scrambled file flat). */
const ZIP_CACHE = 50_000;

/** The rows of the newest version holding the key (a later refresh of the year replaces an earlier one). */
function newest<T>(rows: readonly StoredRow[] | undefined): T[] {
  if (!rows?.length) return [];
  const v = Math.max(...rows.map((r) => r.version_id));
  return rows.filter((r) => r.version_id === v).map((r) => r.value as unknown as T);
}

/**
 * The placer of the health plans (shared/catalog/dataset.ts `placer`): per batch of main-form
 * rows, their Schedule A contracts and Schedule C providers by ACK_ID (the schedules in force
 * when the main form loads; they load first), the PBM and carriers matched in the curated
 * ownership table, health_funding_class, the integration class, and the sponsor's mailing ZIP to
 * the CBSA holding most of its business addresses (HUD crosswalk, as /rx/demand places). Memory:
 * one batch of schedule rows and the ZIP cache. `placed_with` names the versions used.
 */
export async function openEmployerPlacer(deps: Deps, _version: CatalogVersion): Promise<RowPlacer<HealthPlanRow>> {
  const today = asOfOrToday(deps.clock);
  const schA = getDataset(FORM5500_SCH_A_DATASET)!;
  const schC = getDataset(FORM5500_SCH_C_DATASET)!;
  const owners = getDataset(PLAN_OWNERSHIP_DATASET)!;
  const crosswalk = getDataset(ZIP_CROSSWALK_DATASET);
  const [aView, cView, oView, zView] = await Promise.all([
    viewOf(deps, schA, today),
    viewOf(deps, schC, today),
    viewOf(deps, owners, today),
    crosswalk ? viewOf(deps, crosswalk, today) : undefined,
  ]);
  const entities: Entity[] = oView.versions.length
    ? (await readWholeListing(deps, owners, 'entities', { versions: oView })).map((r) => r.value as unknown as Entity)
    : [];
  const used = [...aView.versions, ...cView.versions, ...oView.versions, ...(zView?.versions ?? [])];
  const placedWith = used.length
    ? [...new Set(used.map((v) => `${v.source_id}:${v.version_id}`))].sort().join(',')
    : 'none';
  let zips = new Map<string, string | null>();
  return {
    async place(rows) {
      const acks = rows.map((r) => r.ack_id);
      const [a, c] = await Promise.all([
        lookupMany(deps, schA, 'ack_id', acks, aView.versions),
        lookupMany(deps, schC, 'ack_id', acks, cView.versions),
      ]);
      const newZips = [...new Set(rows.map((r) => r.zip5).filter((z): z is string => !!z))].filter((z) => !zips.has(z));
      if (newZips.length && crosswalk && zView?.versions.length) {
        if (zips.size + newZips.length > ZIP_CACHE) zips = new Map();
        const found = await lookupMany(deps, crosswalk, 'zip', newZips, zView.versions);
        for (const z of newZips) {
          const code = dominant(
            (found.get(z) ?? []).map((r) => r.value as never),
            'cbsa',
          );
          zips.set(z, code === NO_CBSA ? null : code);
        }
      }
      return rows.map((r): HealthPlanRow => {
        const contracts = newest<ScheduleARow>(a.get(r.ack_id));
        const providers = newest<ScheduleCRow>(c.get(r.ack_id));
        const funding = fundingClassOf(r, contracts);
        const parties = partiesOf(entities, contracts, providers);
        const integration = integrationOf(entities, parties);
        const pbm = parties.pbm[0];
        const fees = parties.pbm.length
          ? parties.pbm.reduce((s, p) => s + (p.direct_comp ?? 0) + (p.indirect_comp ?? 0), 0)
          : null;
        return {
          ...r,
          cbsa: r.zip5 ? (zips.get(r.zip5) ?? null) : null,
          stop_loss: funding.stop_loss,
          health_funding_class: funding.cls,
          funding_basis: funding.basis,
          pbm_key: pbm?.entity_id ?? null,
          pbm_name: pbm?.name ?? null,
          pbm_parent: pbm?.parent ?? null,
          pbm_fees: fees === null ? null : Math.round(fees * 100) / 100,
          pbm_matches: parties.pbm,
          carriers: parties.carriers,
          integration: integration.cls,
          integration_parent: integration.parent,
          integration_basis: integration.basis,
          placed_with: placedWith,
        };
      });
    },
  };
}
