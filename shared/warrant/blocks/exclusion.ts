import type { CatalogGap } from '../../catalog/in-force';
import type { DatasetView } from '../../catalog/view';
import { FEDERAL_EXCLUSIONS } from '../../exclusions/datasets';
import type { ExclusionHit } from '../../exclusions/schemas';
import type { ScreenOutcome } from '../../exclusions/screen';
import { catalogReceipt } from '../receipt';
import type { Fact, Gap, GapReason } from '../schema';

/**
 * The provider's OIG exclusion status on the date of service, from the same screen the exclusions
 * group runs (shared/exclusions/screen.ts): the LEIE full list in force plus its monthly
 * supplements, rows found by NPI and, because most LEIE individuals carry no NPI, by the names the
 * NPPES registry holds for the NPI with the provider's state (and date of birth where both sides
 * publish one). Each hit says how it matched.
 *
 * - A waiver (WAIVERDATE, WVRSTATE) granted on or before the date applies in its state: with
 *   `state` equal to the waiver state the exclusion does not bar the claim (`waiver_applies`);
 *   without `state` the hit stays excluded and says that a waiver exists for that state.
 * - "Not listed" is said only after a search by NPI and by name: when the registry cannot name
 *   the NPI, the answer is an `identity_unresolved` gap, never a clean bill.
 * - A list that cannot answer for the date (stale past the monthly cadence's critical age, not
 *   loaded, none in force) is a gap with its reason; a hit found in other versions is still shown.
 */
export function exclusionStanding(input: {
  npi: string;
  state?: string;
  asOf: string;
  outcome: ScreenOutcome;
  baseUrl: string;
}): { facts: Fact[]; gaps: Gap[] } {
  const { outcome, asOf } = input;
  // The screen ran on the OIG LEIE alone (shared/warrant/screen-cache.ts).
  const view = outcome.federal.find((v) => v.dataset.id === FEDERAL_EXCLUSIONS);
  if (!view) throw new Error('the warrant screen must search the OIG LEIE');
  const result = outcome.results[0]!;
  const gaps = view.gaps.map((g) => gapOf(g));
  const registryRow = result.provider && outcome.registry?.version(result.provider.source.version_id);
  const named = registryRow ? [catalogReceipt(registryRow, result.provider!.source.locator, input.baseUrl)] : [];
  const facts = result.federal.map((hit) =>
    hitFact(hit, input, view, hit.match.name_source === 'registry' ? named : []),
  );
  const excludedNow = facts.some((f) => f.value.excluded_on_date === true);
  if (!facts.length && !gaps.length && !view.versions.length) {
    return { facts, gaps: [gap('source_not_loaded', `No LEIE version is loaded for ${asOf}.`, null)] };
  }
  // Without a name, only rows carrying the NPI could be found: unless one of them excludes on the
  // date, "not excluded" is not established (most LEIE individuals are listed without an NPI).
  if (!excludedNow && !result.subject.names.length && view.versions.length) {
    const registryGaps = (outcome.registry?.gaps ?? []).map(
      (g) => `${g.source_id} ${g.doc_id ?? ''} ${g.reason}: ${g.detail}`,
    );
    gaps.push(
      gap(
        'identity_unresolved',
        `NPI ${input.npi} was searched by NPI only: most LEIE individuals are listed without an NPI, and the NPPES registry as loaded does not name this NPI${registryGaps.length ? ` (${registryGaps.join(' ')})` : ''}, so no name search could be made. Screen the provider by name with POST /exclusions/screen.`,
        null,
      ),
    );
  }
  if (facts.length || gaps.length) return { facts, gaps };
  const searched = {
    npi: input.npi,
    excluded_on_date: false,
    listed: false,
    searched_by: ['npi', 'name'],
    names_searched: result.subject.names.length,
    states_searched: result.subject.states,
  };
  return {
    facts: view.versions.map((v) => ({
      kind: 'leie_not_listed',
      value: searched,
      receipt: catalogReceipt(v, null, input.baseUrl),
    })),
    gaps,
  };
}

function hitFact(
  hit: ExclusionHit,
  input: { npi: string; state?: string; asOf: string; baseUrl: string },
  view: DatasetView,
  /** The NPPES registry row whose names the hit matched on (name matches made with the registry's names). */
  named: Fact['receipt'][],
): Fact {
  const r = hit.record;
  const waiverGranted = !!r.waiver_date && r.waiver_date <= input.asOf && !!r.waiver_state;
  const waiverApplies = waiverGranted && !!input.state && r.waiver_state === input.state;
  const version = view.version(hit.source.version_id)!;
  const related = hit.also_in.flatMap((s) => {
    const v = view.version(s.version_id);
    return v ? [catalogReceipt(v, s.locator, input.baseUrl)] : [];
  });
  return {
    kind: 'leie',
    value: {
      npi: input.npi,
      excluded_on_date: hit.in_force && !waiverApplies,
      exclusion_in_force: hit.in_force,
      match: hit.match,
      name: r.name,
      entity_type: r.entity_type,
      npis: r.npis,
      dob: r.dob,
      state: r.state,
      provider_type: r.provider_type,
      exclusion_type: r.action,
      exclusion_date: r.start_date,
      reinstatement_date: r.end_date,
      waiver_date: r.waiver_date,
      waiver_state: r.waiver_state,
      waiver_applies: waiverApplies,
      ...(waiverGranted && !waiverApplies
        ? {
            waiver_note: input.state
              ? `The waiver applies in ${r.waiver_state}, not in ${input.state}.`
              : `A waiver for ${r.waiver_state} was granted ${r.waiver_date}; pass state=${r.waiver_state} for a claim there.`,
          }
        : {}),
    },
    receipt: catalogReceipt(version, hit.source.locator, input.baseUrl),
    ...(related.length || named.length ? { related_receipts: [...related, ...named] } : {}),
  };
}

const CATALOG_TO_WARRANT: Record<CatalogGap['reason'], GapReason> = {
  not_archived: 'source_not_loaded',
  not_loaded: 'source_not_loaded',
  no_layout: 'source_not_loaded',
  no_versions: 'no_version_in_force',
  before_first_version: 'no_version_in_force',
  between_windows: 'no_version_in_force',
  after_last_window: 'no_version_in_force',
  ambiguous: 'ambiguous_version',
  stale_version: 'stale_version',
  missing_release: 'missing_release',
};

function gapOf(g: CatalogGap): Gap {
  return { ...gap(CATALOG_TO_WARRANT[g.reason], g.detail, g.doc_id), source_id: g.source_id };
}

function gap(reason: GapReason, detail: string, docId: string | null): Gap {
  return { kind: 'leie', reason, detail, source_id: 'oig_leie', doc_id: docId };
}
