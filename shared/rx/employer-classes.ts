import type {
  HealthFundingClass,
  HealthPlanRow,
  IntegrationClass,
  NameMatch,
  OwnershipRow,
  ScheduleARow,
  ScheduleCRow,
} from './employer-rows';

/** Legal-form words dropped before matching (they vary between filings of the same company). */
const SUFFIXES = new Set(['INC', 'LLC', 'CO', 'CORP', 'CORPORATION', 'COMPANY', 'LTD', 'LP', 'THE', 'OF']);

/** A name as matched: upper case, `&` as AND, punctuation to spaces, legal-form words dropped. */
export function normalizeCompanyName(name: string): string {
  return name
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/[^A-Z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !SUFFIXES.has(w))
    .join(' ');
}

const aliasCache = new Map<string, string>();
/** An alias of the table normalized as filed names are (memoized: the table has tens of aliases). */
function normalizedAlias(alias: string): string {
  let n = aliasCache.get(alias);
  if (n === undefined) {
    n = normalizeCompanyName(alias);
    if (aliasCache.size < 10_000) aliasCache.set(alias, n);
  }
  return n;
}

export type Entity = Pick<
  OwnershipRow,
  'entity_id' | 'kind' | 'name' | 'parent' | 'blues_affiliated' | 'aliases' | 'eins'
>;

/**
 * The ownership entity a filed name (and EIN) belongs to: by EIN first, else by the longest alias
 * phrase found at word boundaries in the normalized name (so `CAREMARK PCS HEALTH L L C` is
 * Caremark, and `ANTHEM BLUE CROSS` is Anthem before the generic Blue Cross licensee). Null when
 * nothing matches: a name is never guessed.
 */
export function matchEntity(
  entities: readonly Entity[],
  asFiled: string,
  ein: string | null,
  kind?: Entity['kind'],
): NameMatch | null {
  const pool = kind ? entities.filter((e) => e.kind === kind) : entities;
  if (ein) {
    const byEin = pool.find((e) => e.eins.includes(ein));
    if (byEin) return toMatch(byEin, asFiled, `ein:${ein}`);
  }
  const padded = ` ${normalizeCompanyName(asFiled)} `;
  let best: { e: Entity; alias: string; len: number } | undefined;
  for (const e of pool) {
    for (const alias of e.aliases) {
      const a = normalizedAlias(alias);
      if (a && padded.includes(` ${a} `) && (!best || a.length > best.len)) best = { e, alias, len: a.length };
    }
  }
  return best ? toMatch(best.e, asFiled, `alias:${best.alias}`) : null;
}

const toMatch = (e: Entity, asFiled: string, by: string): NameMatch => ({
  as_filed: asFiled,
  entity_id: e.entity_id,
  name: e.name,
  parent: e.parent,
  matched_by: by,
});

type Indicators = Pick<
  HealthPlanRow,
  | 'funding_insurance'
  | 'funding_trust'
  | 'funding_gen_asset'
  | 'benefit_insurance'
  | 'benefit_trust'
  | 'benefit_gen_asset'
>;

/**
 * health_funding_class from the funding and benefit arrangement indicators (Form 5500 lines 9a
 * and 9b) and the filing's Schedule A contracts. Self-funded: trust or general assets named in
 * either arrangement. With stop-loss: a Schedule A contract with the stop-loss indicator. Insured
 * only: insurance named and neither trust nor general assets. Mixed (self-funded plus a medical
 * contract, no stop-loss) and no indicator at all are null, with the reason.
 */
export function fundingClassOf(
  p: Indicators,
  contracts: readonly ScheduleARow[],
): { cls: HealthFundingClass | null; stop_loss: boolean; basis: string } {
  const self = p.funding_trust || p.funding_gen_asset || p.benefit_trust || p.benefit_gen_asset;
  const insured = p.funding_insurance || p.benefit_insurance;
  const stopLoss = contracts.some((c) => c.stop_loss);
  const medical = contracts.some((c) => !c.stop_loss && (c.health || c.hmo || c.ppo || c.indemnity || c.drug));
  if (self && stopLoss)
    return {
      cls: 'self_funded_with_stop_loss',
      stop_loss: true,
      basis: 'trust or general assets (9a/9b) and a Schedule A stop-loss contract',
    };
  if (self && !medical)
    return {
      cls: 'self_funded_only',
      stop_loss: false,
      basis: 'trust or general assets (9a/9b), no Schedule A medical or stop-loss contract',
    };
  if (self)
    return {
      cls: null,
      stop_loss: false,
      basis: 'mixed: trust or general assets (9a/9b) and an insured medical contract on Schedule A',
    };
  if (insured) return { cls: 'insured_only', stop_loss: stopLoss, basis: 'insurance only (9a/9b)' };
  return { cls: null, stop_loss: stopLoss, basis: 'no funding or benefit arrangement indicator filed' };
}

export interface Placement {
  pbm: (NameMatch & { direct_comp: number | null; indirect_comp: number | null })[];
  carriers: HealthPlanRow['carriers'];
}

const comp = (c: ScheduleCRow) => (c.direct_comp ?? 0) + (c.indirect_comp ?? 0);

/** The PBMs (Schedule C providers matched to a PBM entity) and carriers of one filing. */
export function partiesOf(
  entities: readonly Entity[],
  a: readonly ScheduleARow[],
  c: readonly ScheduleCRow[],
): Placement {
  const pbm: Placement['pbm'] = [];
  const carriers: HealthPlanRow['carriers'] = [];
  for (const r of [...c].sort((x, y) => comp(y) - comp(x) || (x.row_order ?? 0) - (y.row_order ?? 0))) {
    const m = matchEntity(entities, r.provider_name, r.provider_ein, 'pbm');
    if (m) pbm.push({ ...m, direct_comp: r.direct_comp, indirect_comp: r.indirect_comp });
    else {
      const carrier = matchEntity(entities, r.provider_name, r.provider_ein, 'carrier');
      if (carrier)
        carriers.push({
          name: r.provider_name,
          ein: r.provider_ein,
          naic: null,
          role: 'administrator',
          match: carrier,
        });
    }
  }
  for (const r of a) {
    if (!r.carrier_name) continue;
    const role = r.drug
      ? 'drug_coverage'
      : r.stop_loss
        ? 'stop_loss'
        : r.health || r.hmo || r.ppo || r.indemnity
          ? 'health_coverage'
          : null;
    if (!role) continue;
    carriers.push({
      name: r.carrier_name,
      ein: r.carrier_ein,
      naic: r.carrier_naic,
      role,
      match: matchEntity(entities, r.carrier_name, r.carrier_ein, 'carrier'),
    });
  }
  return { pbm, carriers };
}

/**
 * The integration class of a plan: its PBM (the matched PBM with the largest disclosed
 * compensation) against the parents of its drug, health and administrator carriers (stop-loss
 * carriers do not administer the drug benefit and are left out).
 */
export function integrationOf(
  entities: readonly Entity[],
  p: Placement,
): { cls: IntegrationClass; parent: string | null; basis: string } {
  const pbm = p.pbm[0];
  const carriers = p.carriers.filter((c) => c.role !== 'stop_loss' && c.match).map((c) => c.match!);
  if (!pbm) return { cls: 'unclassified', parent: null, basis: 'no PBM identified on Schedule C' };
  if (!carriers.length)
    return { cls: 'unclassified', parent: pbm.parent, basis: 'no drug, health or administrator carrier identified' };
  const same = carriers.find((c) => c.parent === pbm.parent);
  if (same)
    return { cls: 'same_parent', parent: pbm.parent, basis: `${pbm.name} and ${same.name} share ${pbm.parent}` };
  const blues = new Map(entities.map((e) => [e.entity_id, e.blues_affiliated]));
  const blue = carriers.find((c) => blues.get(c.entity_id));
  if (blues.get(pbm.entity_id) && blue)
    return {
      cls: 'blues_affiliated',
      parent: 'Blue Cross Blue Shield licensees',
      basis: `${pbm.name} and ${blue.name} are both Blue Cross Blue Shield affiliated`,
    };
  return {
    cls: 'different',
    parent: pbm.parent,
    basis: `${pbm.name} (${pbm.parent}) and ${carriers[0]!.name} (${carriers[0]!.parent})`,
  };
}
