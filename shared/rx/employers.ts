import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { rowSourceOf } from '../catalog/provenance';
import { queryListing, readWholeListing } from '../catalog/query';
import type { FilterInput } from '../catalog/query-plan';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError, ValidationError } from '../http/errors';
import {
  EMPLOYER_METHODOLOGY,
  EMPLOYER_ROLLUPS,
  FORM5500_PLANS_DATASET,
  FORM5500_SOURCE,
  type HealthFundingClass,
  type HealthPlanRow,
  type IntegrationClass,
  type OwnershipRow,
  PLAN_OWNERSHIP_DATASET,
} from './employer-rows';
import type {
  EmployerAnswer,
  EmployerMetrosAnswer,
  EmployerPlan,
  EmployersAnswer,
  IntegrationAnswer,
  PbmsAnswer,
} from './employer-schemas';

export interface EmployersQuery {
  year?: number;
  state?: string;
  metro?: string;
  funding_class?: HealthFundingClass;
  pbm?: string;
  integration?: IntegrationClass;
  min_participants?: number;
  limit: number;
  cursor?: string;
}

export const METRO_PLACEMENT =
  "Sponsor mailing ZIP (SPONS_DFE_MAIL_US_ZIP, first five digits) -> the CBSA holding the largest share of the ZIP's business addresses in HUD's USPS ZIP crosswalk (ties: total share, then lower code), placed when the main form loaded; null when outside any CBSA or not found.";

/** The health-plan versions in force, or a 503 naming dol_form5500. */
async function plansView(deps: Deps, date: string): Promise<DatasetView> {
  const view = await viewOf(deps, requireDataset(FORM5500_PLANS_DATASET), date);
  if (!view.versions.length) {
    throw new SourceNotLoadedError(`No Form 5500 main form is loaded and in force on ${date}.`, {
      sources: [FORM5500_SOURCE],
      gaps: view.gaps,
    });
  }
  return view;
}

const yearOf = (v: CatalogVersion) => Number(/(\d{4})/.exec(v.publisher_version ?? '')?.[1] ?? Number.NaN);

/** The newest refresh of each plan year in force (later refreshes of a year replace earlier ones). */
export function newestPerYear(view: DatasetView): Map<number, CatalogVersion> {
  const out = new Map<number, CatalogVersion>();
  for (const v of view.versions) {
    const y = yearOf(v);
    if (Number.isNaN(y)) continue;
    const prev = out.get(y);
    // view.versions are oldest first (start, then id): the last seen is the newest.
    if (!prev || v.version_id >= prev.version_id) out.set(y, v);
  }
  return out;
}

/** The version answering for a plan year (default: the newest year in force); 400 naming `year`. */
function yearVersion(view: DatasetView, year?: number): { year: number; version: CatalogVersion; years: number[] } {
  const byYear = newestPerYear(view);
  const years = [...byYear.keys()].sort((a, b) => b - a);
  const y = year ?? years[0]!;
  const version = byYear.get(y);
  if (!version)
    throw ValidationError.single(
      'query',
      'year',
      `no plan year ${y} in force on ${view.date} (in force: ${years.join(', ')})`,
    );
  return { year: y, version, years };
}

const num = (v: unknown) => (typeof v === 'number' ? v : v === null || v === undefined ? null : Number(v));

/** A stored plan row as served. */
export function planOf<S>(v: Record<string, unknown>, source: S): Omit<EmployerPlan, 'source'> & { source: S } {
  const r = v as unknown as HealthPlanRow;
  return {
    ein: r.ein,
    plan_num: r.plan_num,
    plan_key: r.plan_key,
    sponsor_name: r.sponsor_name,
    plan_name: r.plan_name,
    form_year: r.form_year,
    ack_id: r.ack_id,
    state: r.state,
    zip5: r.zip5,
    cbsa: r.cbsa,
    active_participants: num(r.active_participants),
    health_funding_class: r.health_funding_class,
    funding_basis: r.funding_basis,
    stop_loss: r.stop_loss,
    pbm: r.pbm_key ? { key: r.pbm_key, name: r.pbm_name ?? r.pbm_key, parent: r.pbm_parent } : null,
    pbm_fees: num(r.pbm_fees),
    pbm_matches: r.pbm_matches ?? [],
    drug_carriers: (r.carriers ?? []).filter((c) => c.role === 'drug_coverage'),
    carriers: r.carriers ?? [],
    integration: r.integration,
    integration_parent: r.integration_parent,
    integration_basis: r.integration_basis,
    date_received: r.date_received,
    source,
  };
}

const PBM_KEY = /^[a-z0-9_]{2,60}$/;

/**
 * Health plans of one plan year (default the newest in force), active participants largest
 * first, then version and record (unique); filtered by state, metro, funding class, PBM,
 * integration class and minimum active participants; paged by the catalog cursor.
 */
export async function employers(deps: Deps, q: EmployersQuery, date: string): Promise<EmployersAnswer> {
  if (q.pbm !== undefined && !PBM_KEY.test(q.pbm))
    throw ValidationError.single('query', 'pbm', 'expected a PBM key as /rx/pbms lists it (e.g. caremark)');
  const view = await plansView(deps, date);
  const { year, version, years } = yearVersion(view, q.year);
  const filters: Record<string, FilterInput | undefined> = {
    state: q.state?.toUpperCase(),
    cbsa: q.metro,
    health_funding_class: q.funding_class,
    pbm_key: q.pbm,
    integration: q.integration,
    active_participants: q.min_participants === undefined ? undefined : { gte: q.min_participants },
  };
  const page = await queryListing(deps, view.dataset, 'plans', {
    versions: [version],
    filters,
    limit: q.limit,
    cursor: q.cursor,
  });
  return {
    items: page.items.map((it) => planOf(it.value, it.source)),
    limit: page.limit,
    next_cursor: page.next_cursor,
    year,
    years,
    sources: view.sourceVersions([version]),
    gaps: view.gaps,
    as_of: date,
    methodology_note: EMPLOYER_METHODOLOGY,
  };
}

/** `14-1234567` or `141234567` -> 9 digits; 400 naming `ein` otherwise. */
export function parseEin(raw: string): string {
  const s = raw.trim();
  if (!/^\d{2}-?\d{7}$/.test(s))
    throw ValidationError.single('path', 'ein', 'expected an EIN: 9 digits, optionally NN-NNNNNNN');
  return s.replace('-', '');
}

/**
 * One sponsor's health plans and their filings by plan year, each from the newest refresh of its
 * year in force (the latest filing supersedes), with the row's provenance. 404 when no filing of
 * the EIN is in force.
 */
export async function employer(deps: Deps, rawEin: string, date: string): Promise<EmployerAnswer> {
  const ein = parseEin(rawEin);
  const view = await plansView(deps, date);
  const current = [...newestPerYear(view).values()];
  const found = (await lookupMany(deps, view.dataset, 'ein', [ein], current)).get(ein) ?? [];
  if (!found.length) throw new NotFoundError(`No Form 5500 health plan filing of EIN ${ein} is in force on ${date}.`);
  const plans = new Map<string, EmployerAnswer['plans'][number]>();
  const byId = new Map(current.map((v) => [v.version_id, v]));
  const rows = found
    .map((s) => ({ s, r: s.value as unknown as HealthPlanRow }))
    .sort((a, b) => b.r.form_year - a.r.form_year || a.r.plan_key.localeCompare(b.r.plan_key));
  for (const { s, r } of rows) {
    const plan = plans.get(r.plan_key) ?? {
      plan_key: r.plan_key,
      plan_num: r.plan_num,
      plan_name: r.plan_name,
      filings: [],
    };
    plan.filings.push(planOf(s.value, rowSourceOf(byId.get(s.version_id)!, r.locator)));
    plans.set(r.plan_key, plan);
  }
  const used = [...new Set(found.map((s) => s.version_id))].map((id) => byId.get(id)!);
  return {
    ein,
    sponsor_name: rows[0]!.r.sponsor_name,
    plans: [...plans.values()].sort((a, b) => a.plan_key.localeCompare(b.plan_key)),
    sources: view.sourceVersions(used),
    gaps: view.gaps,
    as_of: date,
    methodology_note: EMPLOYER_METHODOLOGY,
  };
}

const rollupOf = (v: Record<string, unknown>) => ({
  plans: num(v.plans) ?? 0,
  active_participants: num(v.active_participants) ?? 0,
  pbm_fees: Math.round((num(v.pbm_fees) ?? 0) * 100) / 100,
});

/** Plans, active participants and disclosed PBM fees per metro (CBSA) for a plan year, largest first. */
export async function employerMetros(
  deps: Deps,
  q: { year?: number; metro?: string; limit: number; cursor?: string },
  date: string,
): Promise<EmployerMetrosAnswer> {
  const view = await plansView(deps, date);
  const { year, version } = yearVersion(view, q.year);
  const page = await queryListing(deps, view.dataset, EMPLOYER_ROLLUPS.metro, {
    versions: [version],
    filters: { cbsa: q.metro },
    limit: q.limit,
    cursor: q.cursor,
  });
  return {
    items: page.items.map((it) => ({
      form_year: num(it.value.form_year) ?? year,
      cbsa: (it.value.cbsa as string | null) ?? null,
      ...rollupOf(it.value),
      source: it.source,
    })),
    limit: page.limit,
    next_cursor: page.next_cursor,
    year,
    placement: METRO_PLACEMENT,
    sources: view.sourceVersions([version]),
    gaps: view.gaps,
    as_of: date,
    methodology_note: EMPLOYER_METHODOLOGY,
  };
}

/** Counts, covered employees and disclosed PBM fees by integration class and by parent, plus the largest plans. */
export async function employerIntegration(
  deps: Deps,
  q: { year?: number; integration?: IntegrationClass; largest: number },
  date: string,
): Promise<IntegrationAnswer> {
  const view = await plansView(deps, date);
  const { year, version } = yearVersion(view, q.year);
  const versions = [version];
  const [classes, parents, largest] = await Promise.all([
    readWholeListing(deps, view.dataset, EMPLOYER_ROLLUPS.integration, { versions }),
    readWholeListing(deps, view.dataset, EMPLOYER_ROLLUPS.parent, {
      versions,
      filters: { integration: q.integration },
    }),
    queryListing(deps, view.dataset, 'plans', { versions, filters: { integration: q.integration }, limit: q.largest }),
  ]);
  return {
    year,
    by_class: classes
      .filter((it) => !q.integration || it.value.integration === q.integration)
      .map((it) => ({
        integration: it.value.integration as IntegrationClass,
        ...rollupOf(it.value),
        source: it.source,
      })),
    by_parent: parents.map((it) => ({
      integration: it.value.integration as IntegrationClass,
      integration_parent: (it.value.integration_parent as string | null) ?? null,
      ...rollupOf(it.value),
      source: it.source,
    })),
    largest_plans: largest.items.map((it) => planOf(it.value, it.source)),
    sources: view.sourceVersions(versions),
    gaps: view.gaps,
    as_of: date,
    methodology_note: EMPLOYER_METHODOLOGY,
  };
}

export const PBM_NORMALIZATION =
  'A Schedule C provider is read as a PBM when its EIN is listed for a PBM of the ownership table, else when its name, upper-cased with punctuation and legal-form words (INC, LLC, CO, CORP, CORPORATION, COMPANY, LTD, LP, THE, OF) removed, contains one of the PBM phrases listed in `name_mappings` at word boundaries (the longest phrase wins). Names matching no phrase are not counted as PBMs (never guessed); each plan row shows the name as filed and the rule that matched it (`pbm_matches`).';

/** Plans, covered participants and disclosed compensation per normalized PBM, with the name mappings used. */
export async function pbms(
  deps: Deps,
  q: { year?: number; limit: number; offset: number },
  date: string,
): Promise<PbmsAnswer> {
  const view = await plansView(deps, date);
  const { year, version } = yearVersion(view, q.year);
  const owners = requireDataset(PLAN_OWNERSHIP_DATASET);
  const [rows, oView] = await Promise.all([
    readWholeListing(deps, view.dataset, EMPLOYER_ROLLUPS.pbm, { versions: [version] }),
    viewOf(deps, owners, date),
  ]);
  const entities = oView.versions.length
    ? (await readWholeListing(deps, owners, 'entities', { versions: oView })).map(
        (r) => r.value as unknown as OwnershipRow,
      )
    : [];
  const byId = new Map(entities.map((e) => [e.entity_id, e]));
  const all = rows
    .filter((it) => typeof it.value.pbm_key === 'string' && it.value.pbm_key)
    .map((it) => {
      const key = it.value.pbm_key as string;
      const e = byId.get(key);
      return {
        pbm_key: key,
        name: (it.value.pbm_name as string | null) ?? key,
        parent: (it.value.pbm_parent as string | null) ?? null,
        blues_affiliated: e ? e.blues_affiliated : null,
        name_mappings: e ? [...e.aliases.map((a) => `alias:${a}`), ...e.eins.map((x) => `ein:${x}`)] : [],
        citations: e?.citations ?? [],
        ...rollupOf(it.value),
        source: it.source,
      };
    })
    .sort((a, b) => b.active_participants - a.active_participants || a.pbm_key.localeCompare(b.pbm_key));
  const items = all.slice(q.offset, q.offset + q.limit);
  return {
    items,
    total: all.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    year,
    normalization: PBM_NORMALIZATION,
    sources: [...view.sourceVersions([version]), ...oView.sourceVersions()],
    gaps: [...view.gaps, ...oView.gaps],
    as_of: date,
    methodology_note: EMPLOYER_METHODOLOGY,
  };
}
