import type { CatalogGap } from '../catalog/in-force';
import type { Deps } from '../deps';
import { FEDERAL_EXCLUSIONS } from './datasets';
import type { SubjectInput } from './match';
import { riskOf } from './risk';
import type { ExclusionHit } from './schemas';
import { type ScreenOutcome, type ScreenResult, screen, screenProvenance } from './screen';

/**
 * The exclusion reads of issue 11, point 5, each one call of `screen`. `excluded` is true when a
 * federal or state exclusion matching the subject applies on the date, false when none does, and
 * null when no list version is in force on the date (nothing could be searched: see `gaps`);
 * rows that matched but do not apply on the date (reinstated, expired, not yet begun) are listed
 * under `not_in_force`.
 */
const active = (hits: ExclusionHit[]) => hits.filter((h) => h.in_force);
const inactive = (hits: ExclusionHit[]) => hits.filter((h) => !h.in_force);

/**
 * Gaps that leave a negative verdict unknown: on the OIG LEIE any gap (it is the list every screen
 * needs); on another federal list (SAM.gov) or a state list, a list that would be in force on the
 * date but cannot be trusted or read for it (stale past its cadence, a scheduled release missing,
 * ambiguous, not loaded). A list covering nothing on the date (never archived, archived only from
 * a later date, ended before it) or one no layout reads yet is a coverage gap, listed under `gaps`
 * (and in /exclusions/state/coverage) but not blocking: the same as a state that publishes no list.
 */
export const BLOCKING_STATE_GAPS: ReadonlySet<string> = new Set([
  'stale_version',
  'missing_release',
  'ambiguous',
  'not_loaded',
]);

/** Whether a gap of this list leaves a negative verdict unknown (see BLOCKING_STATE_GAPS). */
export function blocks(datasetId: string, gap: CatalogGap): boolean {
  return datasetId === FEDERAL_EXCLUSIONS || BLOCKING_STATE_GAPS.has(gap.reason);
}

function blockingGaps(o: ScreenOutcome, lists: { federal: boolean; state: boolean }): CatalogGap[] {
  return [
    ...(lists.federal ? o.federal.flatMap((v) => v.gaps.filter((g) => blocks(v.dataset.id, g))) : []),
    ...(lists.state ? o.state.gaps.filter((g) => blocks(o.state.dataset.id, g)) : []),
  ];
}

/** How many list versions were searched (federal lists, state lists, or both). */
const searchedVersions = (o: ScreenOutcome, lists: { federal: boolean; state: boolean }) =>
  (lists.federal ? o.federal.reduce((n, v) => n + v.versions.length, 0) : 0) +
  (lists.state ? o.state.versions.length : 0);

/**
 * true on a hit in force; null (unknown) when a list that had to answer could not (a blocking gap)
 * or nothing was searched; else false. The reason says why a verdict is null.
 */
function verdictOf(hits: number, searched: number, blocking: CatalogGap[], subject?: ScreenResult['subject']) {
  if (hits > 0) return { excluded: true, excluded_reason: null };
  if (subject && !subject.names.length && searched > 0) {
    return {
      excluded: null,
      excluded_reason: `Not known: no row in force carries NPI ${subject.npi}, but most exclusion rows (LEIE individuals above all) carry no NPI, and no name was given nor found in the NPPES registry for it, so no name search could be made. Send the name (POST /exclusions/screen) to complete the screen.`,
    };
  }
  if (blocking.length) {
    return {
      excluded: null,
      excluded_reason: `Not known: ${blocking.map((g) => `${g.source_id} ${g.reason}: ${g.detail}`).join(' ')}`,
    };
  }
  if (searched === 0) return { excluded: null, excluded_reason: 'Not known: no list version is in force on the date.' };
  return { excluded: false, excluded_reason: null };
}

function perInput(r: ScreenResult, o: ScreenOutcome) {
  const federal = active(r.federal);
  const state = active(r.state);
  return {
    ...verdictOf(
      federal.length + state.length,
      searchedVersions(o, { federal: true, state: true }),
      blockingGaps(o, { federal: true, state: true }),
      r.subject,
    ),
    federal,
    state_excluded: state,
    not_in_force: [...inactive(r.federal), ...inactive(r.state)],
  };
}

/** GET /exclusions/comprehensive/{npi}: federal plus every state list in one answer. */
export async function comprehensive(deps: Deps, npi: string, asOf: string) {
  const o = await screen(deps, [{ npi }], asOf);
  const r = o.results[0]!;
  const p = perInput(r, o);
  return {
    npi,
    as_of: asOf,
    excluded: p.excluded,
    excluded_reason: p.excluded_reason,
    federal_excluded: verdictOf(
      p.federal.length,
      searchedVersions(o, { federal: true, state: false }),
      blockingGaps(o, { federal: true, state: false }),
      r.subject,
    ).excluded,
    federal: p.federal,
    state_excluded: p.state_excluded,
    not_in_force: p.not_in_force,
    provider: r.provider,
    ...screenProvenance(o),
  };
}

/** GET /exclusions/state/{npi}: the state lists only (the federal list is not read). */
export async function stateForNpi(deps: Deps, npi: string, asOf: string) {
  const o = await screen(deps, [{ npi }], asOf, { federal: false });
  const r = o.results[0]!;
  return {
    npi,
    as_of: asOf,
    ...verdictOf(
      active(r.state).length,
      o.state.versions.length,
      blockingGaps(o, { federal: false, state: true }),
      r.subject,
    ),
    state_excluded: active(r.state),
    not_in_force: inactive(r.state),
    provider: r.provider,
    ...screenProvenance(o),
  };
}

/** GET /exclusions/crossref/{npi}: every state record on file, the federal rows, and a risk flag. */
export async function crossref(deps: Deps, npi: string, asOf: string) {
  const o = await screen(deps, [{ npi }], asOf);
  const r = o.results[0]!;
  const prov = screenProvenance(o);
  const searched = searchedVersions(o, { federal: true, state: true });
  return {
    npi,
    as_of: asOf,
    provider: r.provider,
    federal: r.federal,
    state_exclusion_records: r.state,
    risk: riskOf({ federal: r.federal, state: r.state, provider: r.provider, asOf, listsSearched: searched }),
    ...prov,
  };
}

/** POST /exclusions/screen: each input's hits, in input order. */
export async function screenBatch(deps: Deps, inputs: readonly (SubjectInput & { ref?: string })[], asOf: string) {
  const o = await screen(deps, inputs, asOf);
  const results = o.results.map((r) => ({
    index: r.index,
    ref: inputs[r.index]!.ref ?? null,
    npi: inputs[r.index]!.npi ?? null,
    ...perInput(r, o),
    provider: r.provider,
  }));
  return {
    as_of: asOf,
    count: inputs.length,
    excluded_count: results.filter((r) => r.excluded === true).length,
    results,
    ...screenProvenance(o),
  };
}

/** GET /demo/exclusions/check: one subject, no key. */
export async function check(deps: Deps, input: SubjectInput, asOf: string) {
  const o = await screen(deps, [input], asOf);
  const r = o.results[0]!;
  return { as_of: asOf, query: input, ...perInput(r, o), provider: r.provider, ...screenProvenance(o) };
}
