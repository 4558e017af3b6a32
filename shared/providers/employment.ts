import type { Deps } from '../deps';
import { employmentBlock } from './dac-blocks';
import { EMPLOYMENT_METHODOLOGY, type Employment } from './dac-schemas';
import { identityAndLinks } from './dossier';

/**
 * `/provider/{npi}/employment` (issue 21 point 2): the attribution signals of the NPI on the date,
 * with its NPPES identity. Three storage reads; 503 naming the sources when none is in force.
 */
export async function providerEmployment(deps: Deps, npi: string, date: string): Promise<Employment> {
  const { identity, links } = await identityAndLinks(deps, npi, date);
  const block = employmentBlock(links);
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
