import type { Deps } from '../deps';
import { EMPLOYMENT_METHODOLOGY, type Employment } from './dac-schemas';
import { identityRead, requireListed } from './dossier';
import { readTogether } from './dossier-block';
import { employmentWithEmployerNpis, enrollmentsViewRead } from './employer-npi';
import { linksRead } from './links-read';

/**
 * `/provider/{npi}/employment` (issue 21 point 2): the attribution signals of the NPI on the date,
 * with its NPPES identity and each group's NPI from the PPEF release in force (employer-npi.ts).
 * Reads: one batch read of the registry's, the links' and the enrollments' timeline heads, the
 * registry's index entry, the links partition query, then one batched get of every signal's
 * enrollment ID and PAC ID in the PPEF version in force (none when cms_ppef is not in force or no
 * signal names a group): four at most. 503 naming the sources when none of the registry and the
 * links files is in force.
 */
export async function providerEmployment(deps: Deps, npi: string, date: string): Promise<Employment> {
  const [identityRes, links, enrollments] = await readTogether(deps, npi, date, [
    identityRead,
    linksRead,
    enrollmentsViewRead,
  ] as const);
  requireListed(npi, date, identityRes, links);
  const identity = identityRes.block;
  const block = await employmentWithEmployerNpis(deps, links, enrollments);
  return {
    npi,
    identity: identity.data,
    attribution_signals: block.data?.attribution_signals ?? [],
    truncated: block.data?.truncated ?? false,
    sources: [...identity.sources, ...block.sources],
    gaps: [...identity.gaps, ...block.gaps],
    as_of: date,
    methodology_note: EMPLOYMENT_METHODOLOGY,
  };
}
