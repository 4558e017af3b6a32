import type { TrialStudyRow } from './study-rows';

/**
 * The search tokens of a study: each names its facet, so one word search can combine the facets a
 * study has many of (conditions, phases, sponsors, sites). `c:` a word of a condition, `s:` a word
 * of the lead sponsor or a collaborator, `p:` a phase, `st:` a US site's state code, `city:` a
 * site's city, `zip:` a site's five-digit ZIP. A filter is every token of its text (AND).
 */
export const words = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);

/** A city as one token: its words joined by `_` (`San Francisco` -> `san_francisco`). */
export const cityKey = (city: string): string => words(city).join('_');

/** The first five digits of a US ZIP (`94110-1234` -> `94110`); null for other postal codes. */
export const zip5 = (zip: string): string | null => /^(\d{5})(?:-?\d{4})?$/.exec(zip.trim())?.[1] ?? null;

export function studyTokens(r: TrialStudyRow): string[] {
  const out = new Set<string>();
  for (const c of r.conditions) for (const w of words(c)) out.add(`c:${w}`);
  for (const s of [r.lead_sponsor, ...r.collaborators.map((c) => c.name)]) {
    if (s) for (const w of words(s)) out.add(`s:${w}`);
  }
  for (const p of r.phases) out.add(`p:${p.toLowerCase()}`);
  for (const site of r.sites) {
    if (site.state_code) out.add(`st:${site.state_code.toLowerCase()}`);
    const city = site.city ? cityKey(site.city) : '';
    if (city) out.add(`city:${city}`);
    const z = site.zip ? zip5(site.zip) : null;
    if (z && site.state_code) out.add(`zip:${z}`);
  }
  return [...out];
}
