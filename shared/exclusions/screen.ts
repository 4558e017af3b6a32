import { lookupMany } from '../catalog/lookup';
import { distinctVersions, rowSourceOf } from '../catalog/provenance';
import { type DatasetView, emptyView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import type { RegistryProvider } from '../providers/record';
import { type ResolvedProvider, registryDataset, registryDate, resolveNpis } from '../providers/resolve';
import { exclusionDataset, FEDERAL_EXCLUSIONS, STATE_EXCLUSIONS } from './datasets';
import { type Candidate, hitsOf, recordOf } from './hits';
import { METHOD_RANK, matchByName, matchByNpi, type Subject, type SubjectInput, subjectOf } from './match';
import type { ExclusionHit, ProviderSummary } from './schemas';

export interface ScreenResult {
  index: number;
  subject: Subject;
  provider: ProviderSummary | null;
  federal: ExclusionHit[];
  state: ExclusionHit[];
}

export interface ScreenOutcome {
  as_of: string;
  results: ScreenResult[];
  federal: DatasetView;
  state: DatasetView;
  registry: DatasetView | null;
  /** Registry versions that resolved at least one NPI. */
  registryVersionsUsed: number[];
}

/**
 * Screen people and entities against the federal and state lists in force on a date (issue 11,
 * points 3, 5, 6). Whatever the batch size, the reads are: one batch read of the timelines of
 * every dataset searched (lists and registry), one batched registry read for the NPIs, and batched
 * index reads (by NPI and by name key) per list,
 * so a thousand inputs never become a thousand sequential reads. Results keep input order.
 * `federal: false` (the state-only read) leaves the federal list unread: its view is empty;
 * `state: false` (the warrant's federal screen) does the same for the state lists.
 */
export async function screen(
  deps: Deps,
  inputs: readonly SubjectInput[],
  asOf: string,
  opts: { federal?: boolean; state?: boolean } = {},
): Promise<ScreenOutcome> {
  const npis = inputs.map((i) => i.npi).filter((n): n is string => !!n);
  const federalDataset = exclusionDataset(FEDERAL_EXCLUSIONS);
  const stateDataset = exclusionDataset(STATE_EXCLUSIONS);
  const wanted = [
    ...(opts.federal === false ? [] : [{ dataset: federalDataset, date: asOf }]),
    ...(opts.state === false ? [] : [{ dataset: stateDataset, date: asOf }]),
    ...(npis.length ? [{ dataset: registryDataset(), date: registryDate(deps) }] : []),
  ];
  const views = await viewsOf(deps, wanted);
  const viewOfDataset = (d: (typeof wanted)[number]['dataset']) => views[wanted.findIndex((w) => w.dataset === d)];
  const federal = opts.federal === false ? emptyView(federalDataset, asOf) : viewOfDataset(federalDataset)!;
  const state = opts.state === false ? emptyView(stateDataset, asOf) : viewOfDataset(stateDataset)!;
  const resolved = npis.length ? await resolveNpis(deps, npis, views[views.length - 1]) : null;
  const providers = resolved?.providers ?? new Map<string, ResolvedProvider>();
  const subjects = inputs.map((i) => subjectOf(i, i.npi ? providers.get(i.npi)?.provider : undefined));
  const names = subjects.flatMap((s) => s.names.map((n) => n.key));
  const [fedNpi, fedName, stNpi, stName] = await Promise.all([
    lookupMany(deps, federal.dataset, 'npi', npis, federal.versions),
    lookupMany(deps, federal.dataset, 'name', names, federal.versions),
    lookupMany(deps, state.dataset, 'npi', npis, state.versions),
    lookupMany(deps, state.dataset, 'name', names, state.versions),
  ]);
  const results = subjects.map((subject, index): ScreenResult => {
    const p = subject.npi ? providers.get(subject.npi) : undefined;
    return {
      index,
      subject,
      provider: p ? summarize(p) : null,
      federal: hitsOf(candidates(subject, federal, fedNpi, fedName), asOf),
      state: hitsOf(candidates(subject, state, stNpi, stName), asOf),
    };
  });
  const used = new Set<number>();
  for (const p of providers.values()) used.add(p.version.version_id);
  return { as_of: asOf, results, federal, state, registry: resolved?.view ?? null, registryVersionsUsed: [...used] };
}

/** The subject's matching rows of one list, each once, with its strongest match. */
function candidates(
  subject: Subject,
  view: DatasetView,
  byNpi: Map<string, Candidate['row'][]>,
  byName: Map<string, Candidate['row'][]>,
): Candidate[] {
  const best = new Map<string, Candidate>();
  const offer = (c: Candidate) => {
    const id = `${c.version.version_id}:${c.row.record}`;
    const cur = best.get(id);
    if (!cur || METHOD_RANK[c.match!.method] < METHOD_RANK[cur.match!.method]) best.set(id, c);
  };
  const consider = (rows: Candidate['row'][] | undefined, match: (c: Candidate) => Candidate['match'] | null) => {
    for (const row of rows ?? []) {
      const version = view.version(row.version_id);
      if (!version) continue;
      const c: Candidate = { row, version };
      const m = match(c);
      if (m) offer({ ...c, match: m });
    }
  };
  if (subject.npi) consider(byNpi.get(subject.npi), (c) => matchByNpi(subject, recordOf(c)));
  for (const n of subject.names) consider(byName.get(n.key), (c) => matchByName(subject, recordOf(c), n.key));
  return [...best.values()];
}

export function summarize(p: ResolvedProvider): ProviderSummary {
  const r: RegistryProvider = p.provider;
  const person = [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(' ');
  return {
    npi: r.npi,
    entity_type: r.entity_type,
    name: r.entity_type === 'organization' ? r.organization_name : person || r.organization_name || null,
    last_name: r.last_name,
    first_name: r.first_name,
    organization_name: r.organization_name,
    practice_state: r.practice_state,
    mailing_state: r.mailing_state,
    primary_taxonomy: r.primary_taxonomy,
    deactivation_date: r.deactivation_date,
    reactivation_date: r.reactivation_date,
    source: rowSourceOf(p.version, r.locator),
  };
}

/** The provenance of a screen: every list version searched and the registry versions that resolved NPIs. */
export function screenProvenance(o: ScreenOutcome) {
  const registryUsed = o.registry
    ? o.registry.versions.filter((v) => o.registryVersionsUsed.includes(v.version_id))
    : [];
  const sources = [
    ...o.federal.sourceVersions(),
    ...o.state.sourceVersions(),
    ...(o.registry ? o.registry.sourceVersions(distinctVersions(registryUsed)) : []),
  ];
  const gaps = [
    ...o.federal.gaps,
    ...o.state.gaps,
    ...(o.registry && !o.registry.versions.length ? o.registry.gaps : []),
  ];
  return { sources, gaps };
}
