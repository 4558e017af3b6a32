import { defineDataset } from '../catalog/dataset';
import { PROVIDER_LINKS, type ProviderLinkRow, ProviderLinkRowSchema } from './links-rows';

/**
 * The provider links (./links-rows.ts) as a catalog dataset. It declares no document of its own:
 * cms_dac (national file, facility affiliations) and cms_pecos_reassignment (the reassignment list)
 * feed it from their folders. Each file is a snapshot of its document.
 *
 * - Rows are found by NPI through a search token (the NPI): one token item per row, read with one
 *   partition query for every version in force, and no per-key state while loading (a non-unique
 *   index would count each of the ~1.3 million NPIs in memory).
 * - `hospital_affiliates`: facility rows of type hospital, partitioned by the hospital's CCN and in
 *   NPI order (then version and record, so the order ends on a unique key): one page of
 *   /dac/hospital/{ccn}/affiliates is one query.
 */
export const providerLinksDataset = defineDataset<ProviderLinkRow>({
  id: PROVIDER_LINKS,
  title: 'Provider links (DAC national file, facility affiliations, reassignments)',
  loaderVersion: '1',
  docs: [],
  parserFor: () => undefined,
  schema: ProviderLinkRowSchema,
  indexes: [],
  tokens: (r) => [r.npi],
  listings: {
    hospital_affiliates: {
      description: 'Clinicians affiliated with a hospital (facility-affiliation rows of type hospital) in NPI order.',
      sort: { field: 'npi', type: 'string' },
      partitionBy: ['hospital_ccn'],
      partitionRequired: true,
    },
  },
});
