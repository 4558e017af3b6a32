import { nameSimilarity, nameTokens, normalizeAddress, normalizeCity, normalizeName, zip5 } from './normalize';

/**
 * A reusable facility matcher: links a record that names a place (a permit, a construction project,
 * a trial site) to a facility of a reference list (CMS Hospital General Information, by CCN) by
 * normalized name and street address, and says how sure it is. It never presents a guess as a
 * fact: a link is `matched` only when one facility clearly wins; close calls are `ambiguous` with
 * their candidates listed and no CCN; anything weaker is `unmatched`.
 *
 * Confidence scale (0..1) and method:
 * - `name_address` 1.0: same normalized street address (house number and street) and same ZIP or
 *   city, and the same normalized name.
 * - `address` 0.8 + 0.1 x name similarity: same street address and same ZIP or city, names differ
 *   or the query has none (a permit names an address, often not the facility).
 * - `name_city` 0.85: same normalized name, same ZIP or city, address different or missing.
 * - `name_fuzzy` 0.5 + 0.3 x name similarity (below 0.8): names share most words (Dice similarity
 *   of name tokens at least 0.5), same ZIP or city, address different or missing.
 * A state given on both sides must agree (no cross-state candidate). `matched` needs the best
 * candidate at 0.8 or more and the runner-up at least 0.1 below it; otherwise candidates of 0.5 or
 * more make it `ambiguous`.
 */

export interface FacilityRef {
  ccn: string;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** What a record says about its place; any field may be missing. */
export interface PlaceQuery {
  name?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

export type MatchMethod = 'name_address' | 'address' | 'name_city' | 'name_fuzzy';

export interface MatchCandidate {
  ccn: string;
  name: string;
  confidence: number;
  method: MatchMethod;
}

export interface FacilityMatch {
  status: 'matched' | 'ambiguous' | 'unmatched';
  /** Set only when matched. */
  ccn: string | null;
  name: string | null;
  confidence: number | null;
  method: MatchMethod | null;
  /** Every candidate of 0.5 or more, best first (CCN breaks ties), the winner included. */
  candidates: MatchCandidate[];
}

export const MATCH_THRESHOLD = 0.8;
export const CANDIDATE_THRESHOLD = 0.5;
export const CLEAR_MARGIN = 0.1;

interface Prepared {
  ref: FacilityRef;
  tokens: string[];
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export interface FacilityMatcher {
  match(q: PlaceQuery): FacilityMatch;
}

/** Builds a matcher over a reference list (indexes by ZIP and city; each match reads only those). */
export function createFacilityMatcher(refs: readonly FacilityRef[]): FacilityMatcher {
  const prepared: Prepared[] = refs.map((ref) => ({
    ref,
    tokens: nameTokens(ref.name),
    name: normalizeName(ref.name),
    address: normalizeAddress(ref.address),
    city: normalizeCity(ref.city),
    state: ref.state?.trim().toUpperCase() || null,
    zip: zip5(ref.zip),
  }));
  const byPlace = new Map<string, Prepared[]>();
  const add = (k: string, p: Prepared) => byPlace.set(k, [...(byPlace.get(k) ?? []), p]);
  for (const p of prepared) {
    if (p.zip) add(`z:${p.zip}`, p);
    if (p.city) add(`c:${p.state ?? ''}:${p.city}`, p);
  }

  function score(q: ReturnType<typeof prepare>, p: Prepared): MatchCandidate | null {
    const sim = nameSimilarity(q.tokens, p.tokens);
    const sameAddress = q.address !== null && q.address === p.address;
    const sameName = q.name !== '' && q.name === p.name;
    let c: { confidence: number; method: MatchMethod } | null = null;
    if (sameAddress)
      c = sameName ? { confidence: 1, method: 'name_address' } : { confidence: 0.8 + 0.1 * sim, method: 'address' };
    else if (sameName) c = { confidence: 0.85, method: 'name_city' };
    else if (sim >= 0.5) c = { confidence: Math.min(0.5 + 0.3 * sim, 0.79), method: 'name_fuzzy' };
    return c ? { ccn: p.ref.ccn, name: p.ref.name, confidence: round(c.confidence), method: c.method } : null;
  }

  function prepare(q: PlaceQuery) {
    return {
      tokens: nameTokens(q.name),
      name: normalizeName(q.name),
      address: normalizeAddress(q.address),
      city: normalizeCity(q.city),
      state: q.state?.trim().toUpperCase() || null,
      zip: zip5(q.zip),
    };
  }

  return {
    match(query) {
      const q = prepare(query);
      const pool = new Set<Prepared>([
        ...(q.zip ? (byPlace.get(`z:${q.zip}`) ?? []) : []),
        ...(q.city ? (byPlace.get(`c:${q.state ?? ''}:${q.city}`) ?? []) : []),
      ]);
      const candidates: MatchCandidate[] = [];
      for (const p of pool) {
        if (q.state && p.state && q.state !== p.state) continue;
        const c = score(q, p);
        if (c && c.confidence >= CANDIDATE_THRESHOLD) candidates.push(c);
      }
      candidates.sort((a, b) => b.confidence - a.confidence || (a.ccn < b.ccn ? -1 : 1));
      const [best, second] = candidates;
      if (
        best &&
        best.confidence >= MATCH_THRESHOLD &&
        (!second || best.confidence - second.confidence >= CLEAR_MARGIN - 1e-9)
      )
        return {
          status: 'matched',
          ccn: best.ccn,
          name: best.name,
          confidence: best.confidence,
          method: best.method,
          candidates,
        };
      return {
        status: candidates.length ? 'ambiguous' : 'unmatched',
        ccn: null,
        name: null,
        confidence: null,
        method: null,
        candidates,
      };
    },
  };
}
