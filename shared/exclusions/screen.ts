import { lookupMany } from '../catalog/lookup';
import { distinctVersions, rowSourceOf } from '../catalog/provenance';
import { type DatasetView, emptyView, viewsOf } from '../catalog/view';
import type { Deps } from '../deps';
import type { RegistryProvider } from '../providers/record';
import { type ResolvedProvider, registryDataset, registryDate, resolveNpis } from '../providers/resolve';
import { exclusionDataset, federalDatasets, STATE_EXCLUSIONS } from './datasets';
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
  /** One view per federal list searched (the OIG LEIE first), none when `federal: false`. */
  federal: DatasetView[];
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
 * `federal: false` (the state-only read) leaves the federal lists unread (no view);
 * `state: false` does the same for the state lists (its view is empty); `federalLists` narrows the
 * federal lists to those dataset ids (the warrant's standing block reads the OIG LEIE alone).
 */
export async function screen(
  deps: Deps,
  inputs: readonly SubjectInput[],
  asOf: string,
  opts: { federal?: boolean; state?: boolean; federalLists?: readonly string[] } = {},
): Promise<ScreenOutcome> {
  const npis = inputs.map((i) => i.npi).filter((n): n is string => !!n);
  const federalSets =
    opts.federal === false
      ? []
      : federalDatasets().filter((d) => !opts.federalLists || opts.federalLists.includes(d.id));
  const stateDataset = exclusionDataset(STATE_EXCLUSIONS);
  const wanted = [
    ...federalSets.map((dataset) => ({ dataset, date: asOf })),
    ...(opts.state === false ? [] : [{ dataset: stateDataset, date: asOf }]),
    ...(npis.length ? [{ dataset: registryDataset(), date: registryDate(deps) }] : []),
  ];
  const views = await viewsOf(deps, wanted);
  const federal = views.slice(0, federalSets.length);
  const state = opts.state === false ? emptyView(stateDataset, asOf) : views[federalSets.length]!;
  const resolved = npis.length ? await resolveNpis(deps, npis, views[views.length - 1]) : null;
  const providers = resolved?.providers ?? new Map<string, ResolvedProvider>();
  const subjects = inputs.map((i) => subjectOf(i, i.npi ? providers.get(i.npi)?.provider : undefined));
  const names = subjects.flatMap((s) => s.names.map((n) => n.key));
  const lists = [...federal, state];
  const found = await Promise.all(
    lists.flatMap((v) => [
      lookupMany(deps, v.dataset, 'npi', npis, v.versions),
      lookupMany(deps, v.dataset, 'name', names, v.versions),
    ]),
  );
  const matched = (subject: Subject, i: number) => candidates(subject, lists[i]!, found[2 * i]!, found[2 * i + 1]!);
  const results = subjects.map((subject, index): ScreenResult => {
    const p = subject.npi ? providers.get(subject.npi) : undefined;
    return {
      index,
      subject,
      provider: p ? summarize(p) : null,
      federal: hitsOf(
        federal.flatMap((_, i) => matched(subject, i)),
        asOf,
      ),
      state: hitsOf(matched(subject, federal.length), asOf),
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
    ...o.federal.flatMap((v) => v.sourceVersions()),
    ...o.state.sourceVersions(),
    ...(o.registry ? o.registry.sourceVersions(distinctVersions(registryUsed)) : []),
  ];
  const gaps = [
    ...o.federal.flatMap((v) => v.gaps),
    ...o.state.gaps,
    ...(o.registry && !o.registry.versions.length ? o.registry.gaps : []),
  ];
  return { sources, gaps };
}
