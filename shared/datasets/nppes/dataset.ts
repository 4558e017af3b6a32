import { defineDataset } from '../../catalog/dataset';
import { registryNameTokens } from '../../providers/name-key';
import { PROVIDER_REGISTRY, type RegistryProvider } from '../../providers/record';
import { mapParser } from '../../publishers/common/resume';
import { type NppesRecord, nppesParser } from './npidata';

/** What the registry keeps of an NPPES record (shared/providers/record.ts). */
export function toRegistryProvider(r: NppesRecord): RegistryProvider {
  const primary = r.taxonomies.find((t) => t.primary) ?? r.taxonomies[0];
  const other = [r.other_organization_name, [r.other_first_name, r.other_last_name].filter(Boolean).join(' ')];
  return {
    npi: r.npi,
    entity_type: r.entity_type,
    last_name: r.last_name,
    first_name: r.first_name,
    middle_name: r.middle_name,
    credential: r.credential,
    organization_name: r.organization_name,
    other_names: other.filter((x): x is string => !!x),
    practice_city: r.practice_address.city,
    practice_state: r.practice_address.state,
    practice_postal_code: r.practice_address.postal_code,
    mailing_state: r.mailing_address.state,
    primary_taxonomy: primary?.code ?? null,
    enumeration_date: r.enumeration_date,
    last_update_date: r.last_update_date,
    deactivation_date: r.deactivation_date,
    reactivation_date: r.reactivation_date,
    replacement_npi: r.replacement_npi,
    locator: r.locator,
  };
}

/** Registry rows derived from the document's npidata parser (one parse feeds every consumer). */
const registryParser = mapParser(nppesParser, {
  id: 'nppes/registry',
  version: `${nppesParser.version}.1`,
  map: toRegistryProvider,
});

/**
 * The provider registry: the monthly full file (nppes:1) is a snapshot, the weekly files
 * (nppes:2) update it. One unique index, by NPI, and one name token per individual: loading keeps
 * no per-row state, so the ~9 million rows of a full file stream through in flat memory. No listing.
 */
export const nppesDataset = defineDataset<RegistryProvider>({
  id: PROVIDER_REGISTRY,
  title: 'NPPES provider registry',
  loaderVersion: '2',
  // Read to turn an NPI into the names lists are matched on: an NPI and its names do not lapse
  // with the weekly cadence, so the registry answers as loaded, whatever its age.
  freshness: 'identity',
  // Exclusion screening resolves NPIs through the registry: it loads before the lists.
  loadPriority: 0,
  docs: [
    { sourceId: 'nppes', docId: 'nppes:1', mode: 'snapshot' },
    { sourceId: 'nppes', docId: 'nppes:2', mode: 'supplement' },
  ],
  // By its document (a file an operator placed with `archive import --doc nppes:1` is read as the
  // registry file it was declared to be), else by the npidata name.
  parserFor: (f) =>
    f.source_id === 'nppes' &&
    (f.doc_id === 'nppes:1' || f.doc_id === 'nppes:2' || /^npidata_pfile_\d{8}-\d{8}\.csv$/i.test(f.name))
      ? registryParser
      : undefined,
  indexes: [{ name: 'npi', unique: true, keys: (r) => [r.npi] }],
  // One name token per individual (last name, first initial, practice state): trial investigators
  // are matched to NPIs by name and place (shared/providers/by-name.ts). A token item per row, no
  // per-key state, so the load stays in flat memory.
  tokens: registryNameTokens,
  // Individual providers (entity type 1) in the newest full file: GET /platform/stats `clinicians`.
  entityCount: { name: 'clinicians', counts: (r) => r.entity_type === 'individual' },
});
