import type { Deps } from '../deps';
import type { SubjectInput } from './match';
import { riskOf } from './risk';
import type { ExclusionHit } from './schemas';
import { type ScreenResult, screen, screenProvenance } from './screen';

/**
 * The exclusion reads of issue 11, point 5, each one call of `screen`. `excluded` is true when a
 * federal or state exclusion matching the subject applies on the date; rows that matched but do
 * not apply on the date (reinstated, expired, not yet begun) are listed under `not_in_force`.
 */
const active = (hits: ExclusionHit[]) => hits.filter((h) => h.in_force);
const inactive = (hits: ExclusionHit[]) => hits.filter((h) => !h.in_force);

function perInput(r: ScreenResult) {
  const federal = active(r.federal);
  const state = active(r.state);
  return {
    excluded: federal.length + state.length > 0,
    federal,
    state_excluded: state,
    not_in_force: [...inactive(r.federal), ...inactive(r.state)],
  };
}

/** GET /exclusions/comprehensive/{npi}: federal plus every state list in one answer. */
export async function comprehensive(deps: Deps, npi: string, asOf: string) {
  const o = await screen(deps, [{ npi }], asOf);
  const r = o.results[0]!;
  const p = perInput(r);
  return {
    npi,
    as_of: asOf,
    excluded: p.excluded,
    federal_excluded: p.federal.length > 0,
    federal: p.federal,
    state_excluded: p.state_excluded,
    not_in_force: p.not_in_force,
    provider: r.provider,
    ...screenProvenance(o),
  };
}

/** GET /exclusions/state/{npi}: the state lists only. */
export async function stateForNpi(deps: Deps, npi: string, asOf: string) {
  const o = await screen(deps, [{ npi }], asOf);
  const r = o.results[0]!;
  const prov = screenProvenance(o);
  const stateOnly = (s: { source_id: string }) =>
    s.source_id.startsWith('state_exclusions_') || s.source_id === 'nppes';
  return {
    npi,
    as_of: asOf,
    excluded: active(r.state).length > 0,
    state_excluded: active(r.state),
    not_in_force: inactive(r.state),
    provider: r.provider,
    sources: prov.sources.filter(stateOnly),
    gaps: prov.gaps.filter(stateOnly),
  };
}

/** GET /exclusions/crossref/{npi}: every state record on file, the federal rows, and a risk flag. */
export async function crossref(deps: Deps, npi: string, asOf: string) {
  const o = await screen(deps, [{ npi }], asOf);
  const r = o.results[0]!;
  const prov = screenProvenance(o);
  const searched = o.federal.versions.length + o.state.versions.length;
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
  return {
    as_of: asOf,
    count: inputs.length,
    excluded_count: o.results.filter((r) => perInput(r).excluded).length,
    results: o.results.map((r) => ({
      index: r.index,
      ref: inputs[r.index]!.ref ?? null,
      npi: inputs[r.index]!.npi ?? null,
      ...perInput(r),
      provider: r.provider,
    })),
    ...screenProvenance(o),
  };
}

/** GET /demo/exclusions/check: one subject, no key. */
export async function check(deps: Deps, input: SubjectInput, asOf: string) {
  const o = await screen(deps, [input], asOf);
  const r = o.results[0]!;
  return { as_of: asOf, query: input, ...perInput(r), provider: r.provider, ...screenProvenance(o) };
}
