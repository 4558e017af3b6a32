import type { CatalogGap } from '../catalog/in-force';
import { readWholeListing } from '../catalog/query';
import type { CompanyMatch } from '../companies/financials';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError } from '../http/errors';
import {
  type ChosenReturn,
  chosenReturns,
  filerLinkOf,
  linkOf,
  type SystemViews,
  systemOf,
  systemRowOf,
  systemViews,
} from './filings-read';
import { forProfitFinancials, forProfitPeopleGap } from './sec-financials';
import type { HospitalLinkRow } from './system-rows';
import { COMPENDIUM_HOSPITALS } from './system-rows';
import {
  AMENDMENT_RULE,
  FINANCIALS_METHODOLOGY,
  FISCAL_YEAR_RULE,
  LINK_RULE,
  type SystemExecutive,
  type SystemExecutives,
  type SystemFiling,
  type SystemFinancials,
  type SystemProfile,
  type SystemWorkforce,
} from './system-schemas';

const PROFILE_METHODOLOGY = `The system as the AHRQ Compendium of U.S. Health Systems release in force describes it (systems and counts from the system file; hospitals from the hospital linkage file of the same release, by AHRQ system id). AHRQ builds the Compendium from commercial and AHA data of the year it names, published one to two years later. ${LINK_RULE}`;

/** GET /systems/{id}: the Compendium system, its hospitals, and its filer links. */
export async function systemProfile(deps: Deps, id: string, date: string): Promise<SystemProfile> {
  const v = await systemViews(deps, date, { returns: false, extra: COMPENDIUM_HOSPITALS });
  const hospitalsView = v.extra!;
  if (!v.systems.versions.length)
    throw new SourceNotLoadedError(
      `No AHRQ Compendium system file (ahrq_compendium) is loaded and in force on ${date}.`,
      {
        sources: ['ahrq_compendium'],
        gaps: v.systems.gaps,
      },
    );
  const [system, link] = await Promise.all([systemRowOf(deps, v, id), filerLinkOf(deps, v, id)]);
  if (!system)
    throw new NotFoundError(
      `No health system ${id} in the AHRQ Compendium in force on ${date} (${v.systems.versions.map((x) => x.publisher_version).join(', ')}).`,
      { id },
    );
  const members = hospitalsView.versions.length
    ? await readWholeListing(deps, hospitalsView.dataset, 'by_system', {
        versions: hospitalsView,
        filters: { health_sys_id: id },
      })
    : [];
  const s = system.row;
  const hospitalVersions = new Set(members.map((m) => m.source.version_id));
  const sources = [
    ...v.systems.sourceVersions([system.version]),
    ...(link ? v.links.sourceVersions([link.version]) : []),
    ...hospitalsView.sourceVersions(hospitalsView.versions.filter((x) => hospitalVersions.has(x.version_id))),
  ];
  return {
    id: s.health_sys_id,
    name: s.health_sys_name,
    city: s.health_sys_city,
    state: s.health_sys_state,
    release: s.release,
    counts: {
      hospitals: s.hospitals,
      acute_hospitals: s.acute_hospitals,
      physician_groups: s.physician_groups,
      physicians: s.physicians,
      primary_care_physicians: s.primary_care_physicians,
      beds: s.beds,
    },
    source: system.source,
    source_row: s.source_row,
    hospitals: members.map((m) => {
      const h = m.value as unknown as HospitalLinkRow;
      return {
        compendium_hospital_id: h.compendium_hospital_id,
        ccn: h.ccn,
        name: h.hospital_name,
        city: h.city,
        state: h.state,
        zip: h.zip,
        acute: h.acute,
        source: { ...m.source, locator: m.source.locator ?? h.locator },
      };
    }),
    link: linkOf(v, link),
    sources,
    gaps: [...v.systems.gaps, ...v.links.gaps, ...hospitalsView.gaps],
    as_of: date,
    methodology_note: PROFILE_METHODOLOGY,
  };
}

interface Financed {
  v: SystemViews;
  head: Pick<SystemFinancials, 'system_id' | 'system_name' | 'link' | 'fiscal_year_rule' | 'amendment_rule'>;
  chosen: ChosenReturn[];
  sources: SystemFinancials['sources'];
  gaps: CatalogGap[];
  /** A for-profit system: its SEC filer (null with a gap when none answers); null for nonprofits. */
  forProfit: { system: { system_id: string; sec: { cik: string; ticker: string | null } | null } } | null;
}

/** The system, its link and its filers' chosen returns; a for-profit system has no return (see `forProfit`). */
async function financed(deps: Deps, id: string, date: string): Promise<Financed> {
  const v = await systemViews(deps, date);
  const { system, link } = await systemOf(deps, v, id);
  if (!v.links.versions.length)
    throw new SourceNotLoadedError(
      `The curated system-to-filer table of irs_990_efile is not loaded and in force on ${date}: no filer can be linked.`,
      { sources: ['irs_990_efile'], gaps: v.links.gaps },
    );
  const head = {
    system_id: id,
    system_name: system?.row.health_sys_name ?? link?.row.system_name ?? null,
    link: linkOf(v, link),
    fiscal_year_rule: FISCAL_YEAR_RULE,
    amendment_rule: AMENDMENT_RULE,
  };
  const base = [
    ...(system ? v.systems.sourceVersions([system.version]) : []),
    ...(link ? v.links.sourceVersions([link.version]) : []),
  ];
  if (link?.row.ownership === 'for_profit')
    return { v, head, chosen: [], sources: base, gaps: [], forProfit: { system: link.row } };
  const r = await chosenReturns(deps, v, link?.row.filers ?? []);
  return {
    v,
    head,
    chosen: r.chosen,
    sources: [...base, ...v.returns.sourceVersions(r.used)],
    gaps: r.gaps,
    forProfit: null,
  };
}

const refOf = (c: ChosenReturn) => ({
  ein: c.row.ein,
  filer_name: c.row.filer_name,
  role: c.role,
  fiscal_year: c.fiscal_year,
  tax_year: c.row.tax_year,
  tax_period_begin: c.row.tax_period_begin,
  tax_period_end: c.row.tax_period_end,
  object_id: c.row.object_id,
  return_ts: c.row.return_ts,
  amended: c.row.amended,
  source: c.source,
});

function filingOf(c: ChosenReturn): SystemFiling {
  const val = (k: string) => c.row.values[k] ?? null;
  return {
    ...refOf(c),
    return_type: c.row.return_type,
    schema_version: c.row.schema_version,
    layout: c.row.layout,
    total_revenue: val('total_revenue'),
    total_expenses: val('total_expenses'),
    total_assets_eoy: val('total_assets_eoy'),
    total_liabilities_eoy: val('total_liabilities_eoy'),
    net_assets_eoy: val('net_assets_eoy'),
    elements: c.row.elements,
    schedule_h: c.row.schedule_h,
    schedule_j_persons: c.row.schedule_j?.length ?? null,
    superseded: c.superseded.map((s) => ({
      object_id: s.row.object_id,
      return_ts: s.row.return_ts,
      amended: s.row.amended,
      source: s.source,
      superseded_by: c.row.object_id,
    })),
  };
}

const yearsOf = (chosen: ChosenReturn[]) => [...new Set(chosen.map((c) => c.fiscal_year))].sort((a, b) => b - a);

/** GET /systems/{id}/financials: one filing per filer and fiscal year. */
export async function systemFinancials(
  deps: Deps,
  id: string,
  date: string,
  fiscalYear?: number,
): Promise<SystemFinancials> {
  const f = await financed(deps, id, date);
  const filings = f.chosen.filter((c) => fiscalYear === undefined || c.fiscal_year === fiscalYear).map(filingOf);
  const sec = f.forProfit ? await forProfitFinancials(deps, f.forProfit.system, date) : null;
  const company: CompanyMatch | null = sec?.company ?? null;
  return {
    ...f.head,
    fiscal_years: yearsOf(f.chosen),
    filings,
    company,
    sources: [...f.sources, ...(sec?.sources ?? [])],
    gaps: [...f.gaps, ...(sec?.gaps ?? [])],
    as_of: date,
    methodology_note: FINANCIALS_METHODOLOGY,
  };
}

export const EXECUTIVE_SORT = 'total_compensation desc (nulls last), then ein, then position';

/** GET /systems/{id}/financials/executives: Schedule J persons of the fiscal year's filings. */
export async function systemExecutives(
  deps: Deps,
  id: string,
  date: string,
  q: { fiscal_year?: number; limit: number; offset: number },
): Promise<SystemExecutives> {
  const f = await financed(deps, id, date);
  const years = yearsOf(f.chosen);
  const year = q.fiscal_year ?? years[0] ?? null;
  if (q.fiscal_year !== undefined && !years.includes(q.fiscal_year) && years.length)
    throw new NotFoundError(
      `${id} has no Form 990 filing of fiscal year ${q.fiscal_year} in force on ${date}; fiscal years with one: ${years.join(', ')}.`,
      { id, fiscal_year: q.fiscal_year, fiscal_years: years },
    );
  const all: SystemExecutive[] = f.chosen
    .filter((c) => c.fiscal_year === year)
    .flatMap((c) => (c.row.schedule_j ?? []).map((p) => ({ ...refOf(c), ...p })));
  all.sort(
    (a, b) =>
      (b.total_compensation ?? -Infinity) - (a.total_compensation ?? -Infinity) ||
      a.ein.localeCompare(b.ein) ||
      a.position - b.position,
  );
  const items = all.slice(q.offset, q.offset + q.limit);
  return {
    ...f.head,
    fiscal_year: year,
    fiscal_years: years,
    items,
    total: all.length,
    limit: q.limit,
    offset: q.offset,
    next_offset: q.offset + items.length < all.length ? q.offset + items.length : null,
    sort: EXECUTIVE_SORT,
    sources: f.sources,
    gaps: f.forProfit ? [...f.gaps, forProfitPeopleGap(f.forProfit.system, 'executives')] : f.gaps,
    as_of: date,
    methodology_note: FINANCIALS_METHODOLOGY,
  };
}

/** GET /systems/{id}/financials/workforce: employee counts per filer and fiscal year. */
export async function systemWorkforce(deps: Deps, id: string, date: string): Promise<SystemWorkforce> {
  const f = await financed(deps, id, date);
  const int = (x: number | null | undefined) => (x === null || x === undefined ? null : Math.round(x));
  return {
    ...f.head,
    items: f.chosen.map((c) => ({
      ...refOf(c),
      total_employees: int(c.row.values.total_employees),
      w2_employees: int(c.row.values.w2_employees),
      volunteers: int(c.row.values.volunteers),
      elements: Object.fromEntries(
        Object.entries(c.row.elements).filter(([k]) => ['total_employees', 'w2_employees', 'volunteers'].includes(k)),
      ),
    })),
    sources: f.sources,
    gaps: f.forProfit ? [...f.gaps, forProfitPeopleGap(f.forProfit.system, 'workforce')] : f.gaps,
    as_of: date,
    methodology_note: FINANCIALS_METHODOLOGY,
  };
}
