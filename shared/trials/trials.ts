import { requireDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { rowSourceOf } from '../catalog/provenance';
import { queryListing } from '../catalog/query';
import type { FilterInput } from '../catalog/query-plan';
import type { CatalogVersion } from '../catalog/timeline';
import { type DatasetView, viewOf } from '../catalog/view';
import type { Deps } from '../deps';
import { NotFoundError, SourceNotLoadedError, ValidationError } from '../http/errors';
import { ccnLinksOf } from './ccn-links';
import { npiLinksOf } from './npi-links';
import { TRIALS_METHODOLOGY, type TrialDetail, type TrialList, type TrialSummary } from './schemas';
import { CTGOV_STUDIES, type ListedStudy, listedStudy, type TrialStudyRow } from './study-rows';
import { cityKey, words, zip5 } from './tokens';
import { windowTotal } from './window-total';

async function studiesView(deps: Deps, date: string): Promise<DatasetView> {
  const view = await viewOf(deps, requireDataset(CTGOV_STUDIES), date);
  if (!view.versions.length) {
    throw new SourceNotLoadedError(
      `No version of nlm_ctgov (ClinicalTrials.gov studies) is loaded and in force on ${date}.`,
      {
        sources: ['nlm_ctgov'],
        gaps: view.gaps,
      },
    );
  }
  return view;
}

const provenance = (v: DatasetView) => ({
  sources: v.sourceVersions(),
  gaps: v.gaps,
  as_of: v.date,
  methodology_note: TRIALS_METHODOLOGY,
});

function summaryOf(row: ListedStudy, version: CatalogVersion): TrialSummary {
  return {
    nct_id: row.nct_id,
    brief_title: row.brief_title,
    overall_status: row.overall_status,
    study_type: row.study_type,
    phases: row.phases,
    conditions: row.conditions,
    lead_sponsor: row.lead_sponsor,
    lead_sponsor_class: row.lead_sponsor_class,
    start_date: row.start_date,
    last_update_posted: row.last_update_posted,
    enrollment: row.enrollment,
    site_count: row.site_count,
    source: rowSourceOf(version, row.locator),
  };
}

export interface TrialsQuery {
  condition?: string;
  status?: string;
  phase?: string;
  sponsor?: string;
  state?: string;
  city?: string;
  zip?: string;
  updated_since?: string;
  updated_until?: string;
  sort: 'nct_id' | 'last_update';
  limit: number;
  cursor?: string;
}

/** The word-search facets: each parameter's tokens (see ./tokens.ts), or a 400 naming it when it has none. */
function facetTokens(q: TrialsQuery): { tokens: string[]; params: string[] } {
  const tokens: string[] = [];
  const params: string[] = [];
  const add = (param: string, ts: string[]) => {
    if (!ts.length) throw ValidationError.single('query', param, 'needs at least one word of two letters or digits');
    tokens.push(...ts);
    params.push(param);
  };
  if (q.condition !== undefined)
    add(
      'condition',
      words(q.condition).map((w) => `c:${w}`),
    );
  if (q.sponsor !== undefined)
    add(
      'sponsor',
      words(q.sponsor).map((w) => `s:${w}`),
    );
  if (q.phase !== undefined) add('phase', [`p:${q.phase.toLowerCase()}`]);
  if (q.state !== undefined) add('state', [`st:${q.state.toLowerCase()}`]);
  if (q.city !== undefined) add('city', cityKey(q.city) ? [`city:${cityKey(q.city)}`] : []);
  if (q.zip !== undefined) add('zip', [`zip:${zip5(q.zip)}`]);
  return { tokens, params };
}

/**
 * Studies of the set in force on the date, in NCT order (or newest update first), paged by the
 * catalog's cursor. Status and the update window are listing filters; condition, phase, sponsor
 * and site location are one word search over the study's facet tokens (every token must match).
 */
export async function listTrials(deps: Deps, q: TrialsQuery, date: string): Promise<TrialList> {
  const view = await studiesView(deps, date);
  const { tokens, params } = facetTokens(q);
  const filters: Record<string, FilterInput | undefined> = {
    overall_status: q.status,
    last_update_posted: q.updated_since || q.updated_until ? { gte: q.updated_since, lte: q.updated_until } : undefined,
    nct_id: tokens.length ? { token: tokens.join(' ') } : undefined,
  };
  const listing = q.sort === 'last_update' ? 'updated' : 'studies';
  let page: Awaited<ReturnType<typeof queryListing>>;
  try {
    page = await queryListing(deps, view.dataset, listing, {
      versions: view,
      filters,
      limit: q.limit,
      cursor: q.cursor,
    });
  } catch (err) {
    // The facets share one word search; its problems name the parameters the caller gave.
    if (err instanceof ValidationError && err.issues.some((i) => i.loc.includes('nct_id'))) {
      throw new ValidationError(
        err.issues.map((i) => (i.loc.includes('nct_id') ? { ...i, loc: ['query', params.join(',')] } : i)),
      );
    }
    if (err instanceof ValidationError && err.issues.some((i) => i.loc.includes('last_update_posted_min'))) {
      throw ValidationError.single('query', 'updated_since', 'is after updated_until: the window is empty');
    }
    throw err;
  }
  const items = page.items.map((it) => {
    const version = view.version(it.source.version_id)!;
    return summaryOf(it.value as unknown as ListedStudy, version);
  });
  return {
    items,
    limit: page.limit,
    next_cursor: page.next_cursor,
    total: page.matched ?? (await keyedTotal(deps, view, q)),
    sort: q.sort,
    ...provenance(view),
  };
}

/**
 * The exact total of a search without words (word searches count their matches as they read:
 * `matched`). No window: the set's row count, or the status's row of `by_status`. A window: the
 * rollup rows of its whole months and edge days (./window-total.ts), so the cost grows with the
 * window's months, never with the studies (the bench measures the widest window).
 */
async function keyedTotal(deps: Deps, view: DatasetView, q: TrialsQuery): Promise<number | null> {
  const window = q.updated_since !== undefined || q.updated_until !== undefined;
  if (!window) {
    if (q.status === undefined) {
      const rows = view.sourceVersions().map((s) => s.rows);
      return rows.every((r) => r !== null) ? rows.reduce((a, b) => a! + b!, 0) : null;
    }
    const groups = await queryListing(deps, view.dataset, 'by_status', { versions: view, limit: 1000 });
    const hit = groups.items.find((g) => g.value.overall_status === q.status);
    return hit ? Number(hit.value.studies) : 0;
  }
  return windowTotal(deps, view, q.status, q.updated_since, q.updated_until);
}

/** One study of the set in force: its status, phases, conditions, interventions, sponsors, dates, sites and officials. */
export async function trialDetail(deps: Deps, nctId: string, date: string): Promise<TrialDetail> {
  const view = await studiesView(deps, date);
  const found = await lookupMany(deps, view.dataset, 'nct', [nctId], view.versions);
  const stored = found.get(nctId)?.at(-1);
  const version = stored ? view.version(stored.version_id) : undefined;
  if (!stored || !version) {
    throw new NotFoundError(`${nctId} is not in the ClinicalTrials.gov set in force on ${date}.`, { nct_id: nctId });
  }
  const row = stored.value as unknown as TrialStudyRow;
  const [npiLinks, ccnLinks] = await Promise.all([npiLinksOf(deps, row), ccnLinksOf(deps, row, view.date)]);
  const prov = provenance(view);
  return {
    ...summaryOf(listedStudy(row), version),
    official_title: row.official_title,
    acronym: row.acronym,
    keywords: row.keywords,
    interventions: row.interventions,
    collaborators: row.collaborators,
    primary_completion_date: row.primary_completion_date,
    completion_date: row.completion_date,
    first_posted: row.first_posted,
    officials: row.officials,
    sites: row.sites,
    element: row.element,
    npi_links: npiLinks,
    ccn_links: ccnLinks,
    ...prov,
    // The answer names every version it was built from: the set, the registry versions searched and
    // the hospital reference matched against.
    sources: [...prov.sources, ...npiLinks.sources, ...ccnLinks.sources],
  };
}
