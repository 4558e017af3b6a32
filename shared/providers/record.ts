import type { Located } from '../publishers/common/types';

/**
 * The provider registry: the catalog dataset that turns an NPI into the names and states
 * exclusion lists are matched on. Its rows are RegistryProvider records; the NPPES folder
 * (shared/datasets/nppes) declares the dataset under this id and maps its records to them, and
 * this domain finds it through the catalog registry by id, never by importing the folder.
 */
export const PROVIDER_REGISTRY = 'nppes';

/**
 * What the catalog keeps of a registry record (NPPES): identity, names, where the provider practises and
 * receives mail, the primary taxonomy and the registry dates. Enough to resolve an NPI to the
 * names and states exclusion lists are matched on; the full record stays in the archived file
 * (its locator is kept).
 */
export interface RegistryProvider extends Located {
  npi: string;
  entity_type: 'individual' | 'organization' | null;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  credential: string | null;
  organization_name: string | null;
  other_names: string[];
  practice_city: string | null;
  practice_state: string | null;
  practice_postal_code: string | null;
  mailing_state: string | null;
  primary_taxonomy: string | null;
  enumeration_date: string | null;
  last_update_date: string | null;
  deactivation_date: string | null;
  reactivation_date: string | null;
  replacement_npi: string | null;
  /**
   * The state licences the provider registered per taxonomy (`Provider License Number_n` with its
   * `Provider License Number State Code_n`), deduplicated: state licence files that carry no NPI
   * are matched to NPIs through them (shared/providers/licenses/place.ts).
   */
  licenses: { state: string; number: string; taxonomy: string | null; primary: boolean }[];
}
