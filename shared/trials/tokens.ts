import { cityKey, investigatorTokens, words, zip5 } from '../providers/investigator-match';
import type { TrialStudyRow } from './study-rows';

export { cityKey, words, zip5 } from '../providers/investigator-match';

/**
 * The search tokens of a study: each names its facet, so one word search can combine the facets a
 * study has many of (conditions, phases, sponsors, sites). `c:` a word of a condition, `s:` a word
 * of the lead sponsor or a collaborator, `p:` a phase, `st:` a US site's state code, `city:` a
 * site's city, `zip:` a site's five-digit ZIP, `inv:` a person's last name, first initial and a
 * state they are put in (`inv:doe_j_ny`: a site investigator at a US site, an overall official at
 * the sites naming their affiliation, else in every US site's state; shared/providers/investigator-match.ts),
 * what a provider's name-and-site trials search by. A filter is every token of its text (AND).
 */
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
  for (const t of investigatorTokens(r)) out.add(t);
  return [...out];
}
