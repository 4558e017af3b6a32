import { getDataset } from '../catalog/datasets';
import { lookupMany } from '../catalog/lookup';
import { rowSourceOf } from '../catalog/provenance';
import { queryListing, readWholeListing } from '../catalog/query';
import { type DatasetView, viewOf } from '../catalog/view';
import type { StoredRow } from '../catalog/writer';
import type { Deps } from '../deps';
import { SourceNotLoadedError, ValidationError } from '../http/errors';
import {
  firstNamesDiffer,
  investigatorToken,
  matchNameAndPlace,
  type StudyPersonsInput,
  studyPersons,
} from './investigator-match';
import { nameKey } from './name-key';
import { FINANCIAL_METHODOLOGY, OPEN_PAYMENTS_DATASET, PAYMENTS_LISTING, type PaymentRow } from './payment-rows';
import { PROVIDER_REGISTRY, type RegistryProvider } from './record';
import { resolveNpis } from './resolve';
import {
  type InvestigatorTrial,
  type InvestigatorTrials,
  NAME_MATCH_CAP,
  NAME_MATCH_FLOOR,
  type NameSearch,
  type NameSiteTrialLink,
  type OpenPaymentsTrialLink,
  TRIAL_LINK_METHOD,
} from './trials-schemas';

const RECORD_IDS = 20;
/**
 * The ClinicalTrials.gov studies dataset, found by id (shared/trials imports this folder, so this
 * folder names the id and the fields it reads instead of importing shared/trials).
 */
const CTGOV_STUDIES = 'nlm_ctgov';
interface StudyFields {
  brief_title: string | null;
  overall_status: string | null;
  phases: string[];
  conditions: string[];
  lead_sponsor: string | null;
  last_update_posted: string | null;
  locator: { line: number; record: number };
}

/** The research rows naming the NPI with an NCT id (partition `research_npi`, one listing read), grouped by study. */
export async function researchLinks(
  deps: Deps,
  view: DatasetView,
  npi: string,
): Promise<{ nct_id: string; link: OpenPaymentsTrialLink }[]> {
  const rows = await readWholeListing(deps, view.dataset, PAYMENTS_LISTING, {
    versions: view,
    filters: { research_npi: { eq: npi } },
  });
  return researchLinksOf(rows.map((it) => it.value as unknown as PaymentRow));
}

/** Research rows grouped by study (NCT id order; totals summed in cents, so in any row order). */
export function researchLinksOf(rows: readonly PaymentRow[]): { nct_id: string; link: OpenPaymentsTrialLink }[] {
  const by = new Map<string, PaymentRow[]>();
  for (const r of rows) {
    if (r.nct_id) by.set(r.nct_id, [...(by.get(r.nct_id) ?? []), r]);
  }
  const uniq = <T>(xs: T[]) => [...new Set(xs)].sort();
  return [...by]
    .map(([nct_id, rs]) => ({
      nct_id,
      link: {
        method: 'open_payments_research' as const,
        confidence: 1,
        roles: uniq(rs.map((r) => r.role as 'recipient' | 'principal_investigator')),
        program_years: uniq(rs.map((r) => r.program_year).filter((y): y is number => y !== null)),
        payers: uniq(rs.map((r) => r.payer)),
        payments: rs.length,
        total_usd: rs.reduce((s, r) => s + Math.round((r.amount ?? 0) * 100), 0) / 100,
        record_ids: uniq(rs.map((r) => r.record_id)).slice(0, RECORD_IDS),
        study_names: uniq(rs.map((r) => r.study_name).filter((s): s is string => !!s)),
      },
    }))
    .sort((a, b) => (a.nct_id < b.nct_id ? -1 : 1));
}

interface StudyWhole extends StudyFields, StudyPersonsInput {
  nct_id: string;
  sites: (StudyPersonsInput['sites'][number] & { state_code: string | null })[];
}

const REGISTRY_MISSING = 'No NPPES registry version is loaded: no study is matched by investigator name.';
const notLoaded = (source_id: string, detail: string) => ({
  source_id,
  doc_id: null,
  reason: 'not_loaded' as const,
  detail,
});

interface NameCandidates {
  search: NameSearch;
  /** NCT ids holding the token, at most NAME_MATCH_CAP, newest update first. */
  nctIds: string[];
  provider: RegistryProvider | null;
  registry: DatasetView | null;
}

/**
 * The studies naming a person with the NPI's last name and first initial in its practice state
 * (the `inv:` token, shared/trials/tokens.ts): the registry record (view and one lookup), then one
 * word search of the ClinicalTrials.gov set, newest update first, at most NAME_MATCH_CAP studies.
 */
async function nameCandidates(deps: Deps, npi: string, trialsView: DatasetView | undefined): Promise<NameCandidates> {
  const empty = {
    reason: null,
    registry_name: null,
    practice_city: null,
    practice_state: null,
    practice_postal_code: null,
    token: null,
    studies_matched: null,
    studies_read: 0,
    capped: false,
  };
  const none = (status: NameSearch['status'], reason: string | null, extra: Partial<NameSearch> = {}) => ({
    search: { ...empty, ...extra, status, reason },
    nctIds: [],
    provider: null,
    registry: null,
  });
  if (!getDataset(PROVIDER_REGISTRY)) return none('not_loaded', 'No NPPES registry is installed.');
  const { view: registry, providers } = await resolveNpis(deps, [npi]);
  if (!registry.versions.length) return { ...none('not_loaded', 'No NPPES registry version is loaded.'), registry };
  const p = providers.get(npi)?.provider ?? null;
  if (!p) return { ...none('not_searched', 'The NPI is not in the NPPES registry as loaded.'), registry };
  const at = {
    registry_name: [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ') || null,
    practice_city: p.practice_city,
    practice_state: p.practice_state,
    practice_postal_code: p.practice_postal_code,
  };
  const last = nameKey(p.last_name ?? '');
  const first = nameKey(p.first_name ?? '');
  const why =
    p.entity_type !== 'individual'
      ? 'An organization NPI: only individuals are matched by name.'
      : !last || !first
        ? 'The registry record has no first and last name to search by.'
        : !/^[A-Za-z]{2}$/.test(p.practice_state ?? '')
          ? 'The registry record has no US practice state to search in.'
          : null;
  if (why) return { ...none('not_searched', why, at), provider: p, registry };
  if (!trialsView?.versions.length) {
    return { ...none('not_loaded', 'No ClinicalTrials.gov set is in force.', at), provider: p, registry };
  }
  const token = investigatorToken(last, first, p.practice_state!);
  const base = { ...empty, ...at, token };
  try {
    const page = await queryListing(deps, trialsView.dataset, 'updated', {
      versions: trialsView,
      filters: { nct_id: { token } },
      limit: NAME_MATCH_CAP,
    });
    const nctIds = page.items.map((it) => (it.value as unknown as { nct_id: string }).nct_id);
    return {
      search: {
        ...base,
        status: 'searched',
        studies_matched: page.matched ?? null,
        studies_read: nctIds.length,
        capped: page.next_cursor !== null,
      },
      nctIds,
      provider: p,
      registry,
    };
  } catch (err) {
    if (!(err instanceof ValidationError && err.issues.some((i) => i.type === 'too_broad'))) throw err;
    const reason = `${token} matches more studies than one search sorts: nothing is listed by name.`;
    return { search: { ...base, status: 'too_common', reason }, nctIds: [], provider: p, registry };
  }
}

/** A study's best-matching person for the registry record, when at or above NAME_MATCH_FLOOR. */
function bestPerson(study: StudyWhole, p: RegistryProvider): NameSiteTrialLink | null {
  const last = nameKey(p.last_name ?? '');
  const initial = nameKey(p.first_name ?? '')[0];
  let best: NameSiteTrialLink | null = null;
  for (const person of studyPersons(study)) {
    const n = person.parsed;
    if (!n || n.last !== last || n.first[0] !== initial || firstNamesDiffer(n, p)) continue;
    const m = matchNameAndPlace(n, p, person.places);
    if (m.confidence < NAME_MATCH_FLOOR || (best && best.confidence >= m.confidence)) continue;
    const site = m.place?.site_index != null ? study.sites[m.place.site_index] : undefined;
    best = {
      method: 'name_and_site',
      confidence: m.confidence,
      person: { name: person.name, role: person.role, kind: person.kind, site_index: person.site_index },
      site: site
        ? {
            index: m.place!.site_index!,
            facility: site.facility,
            city: site.city,
            state_code: site.state_code,
            zip: site.zip,
          }
        : null,
      matched_on: m.matched_on,
      differs_on: m.differs_on,
    };
  }
  return best;
}

const trialOf = (view: DatasetView | undefined, stored: StoredRow | undefined): InvestigatorTrial['trial'] => {
  const version = stored ? view?.version(stored.version_id) : undefined;
  const s = stored?.value as unknown as StudyFields | undefined;
  return s && version
    ? {
        brief_title: s.brief_title,
        overall_status: s.overall_status,
        phases: s.phases,
        conditions: s.conditions,
        lead_sponsor: s.lead_sponsor,
        last_update_posted: s.last_update_posted,
        source: rowSourceOf(version, s.locator),
      }
    : null;
};

const OPEN_PAYMENTS_MISSING =
  'Open Payments research links are missing: only name-and-site matches are listed, none at confidence 1.0.';

/** The Open Payments gaps when no publication is in force, each saying the research links are missing. */
function openPaymentsMissing(view: DatasetView | undefined): DatasetView['gaps'] {
  const own = (view?.gaps ?? []).filter((g) => g.source_id === OPEN_PAYMENTS_DATASET);
  return own.length
    ? [
        ...(view?.gaps ?? []).filter((g) => g.source_id !== OPEN_PAYMENTS_DATASET),
        ...own.map((g) => ({ ...g, detail: `${g.detail} ${OPEN_PAYMENTS_MISSING}` })),
      ]
    : [
        ...(view?.gaps ?? []),
        notLoaded(OPEN_PAYMENTS_DATASET, `No Open Payments publication is loaded. ${OPEN_PAYMENTS_MISSING}`),
      ];
}

/**
 * `/provider/{npi}/clinical-trials`: first the studies Open Payments research rows tie to the NPI
 * (confidence 1.0), then the studies whose officials or site investigators agree with the NPI's
 * registry name and practice place (TRIAL_LINK_METHOD), each completed from the ClinicalTrials.gov
 * set in force (null, with a gap, when it is not loaded or lacks the study). Reads: the Open
 * Payments view and research partition, the studies' view, the registry view and record, one token
 * search (and its values) and one batch lookup of every study listed. No Open Payments publication
 * in force: the name-and-site matches alone, with the gap naming cms_open_payments; a 503 naming
 * both sources only when no ClinicalTrials.gov set is in force either (neither part can answer).
 */
export async function investigatorTrials(deps: Deps, npi: string, date: string): Promise<InvestigatorTrials> {
  const op = getDataset(OPEN_PAYMENTS_DATASET);
  const ctgov = getDataset(CTGOV_STUDIES);
  const [opView, trialsView] = await Promise.all([
    op ? viewOf(deps, op, date) : undefined,
    ctgov ? viewOf(deps, ctgov, date) : undefined,
  ]);
  const view = opView?.versions.length ? opView : undefined;
  if (!view && !trialsView?.versions.length) {
    throw new SourceNotLoadedError(
      `Neither an Open Payments detail file of cms_open_payments nor a ClinicalTrials.gov set of nlm_ctgov is loaded and in force on ${date}.`,
      { sources: [OPEN_PAYMENTS_DATASET, CTGOV_STUDIES], gaps: [...(opView?.gaps ?? []), ...(trialsView?.gaps ?? [])] },
    );
  }
  const [links, names] = await Promise.all([
    view ? researchLinks(deps, view, npi) : [],
    nameCandidates(deps, npi, trialsView),
  ]);
  const linked = new Set(links.map((l) => l.nct_id));
  const wanted = [...new Set([...links.map((l) => l.nct_id), ...names.nctIds])];
  const found =
    trialsView?.versions.length && wanted.length
      ? await lookupMany(deps, trialsView.dataset, 'nct', wanted, trialsView.versions)
      : new Map<string, StoredRow[]>();
  const opItems = links.map((l): InvestigatorTrial => ({ ...l, trial: trialOf(trialsView, found.get(l.nct_id)?.[0]) }));
  const nameItems: InvestigatorTrial[] = [];
  for (const nct of names.nctIds) {
    const stored = found.get(nct)?.[0];
    if (linked.has(nct) || !stored || !names.provider) continue;
    const link = bestPerson(stored.value as unknown as StudyWhole, names.provider);
    if (link) nameItems.push({ nct_id: nct, link, trial: trialOf(trialsView, stored) });
  }
  nameItems.sort((a, b) => b.link.confidence - a.link.confidence || (a.nct_id < b.nct_id ? -1 : 1));
  const gaps = [
    ...(view ? view.gaps : openPaymentsMissing(opView)),
    ...(trialsView?.versions.length || trialsView?.gaps.length
      ? trialsView.gaps
      : [
          notLoaded(
            CTGOV_STUDIES,
            'No ClinicalTrials.gov set is in force: studies are listed by NCT id without their records, and none by investigator name.',
          ),
        ]),
    ...(names.registry
      ? names.registry.versions.length || names.registry.gaps.length
        ? names.registry.gaps
        : [notLoaded(PROVIDER_REGISTRY, REGISTRY_MISSING)]
      : getDataset(PROVIDER_REGISTRY)
        ? []
        : [notLoaded(PROVIDER_REGISTRY, REGISTRY_MISSING)]),
  ];
  return {
    npi,
    method: TRIAL_LINK_METHOD,
    items: [...opItems, ...nameItems],
    name_search: names.search,
    sources: [
      ...(view?.sourceVersions() ?? []),
      ...(trialsView?.sourceVersions() ?? []),
      ...(names.registry?.sourceVersions() ?? []),
    ],
    gaps,
    as_of: date,
    methodology_note: FINANCIAL_METHODOLOGY,
  };
}
