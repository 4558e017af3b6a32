import { defineDataset } from '../../catalog/dataset';
import { licenseKey } from '../../providers/license-key';
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
    licenses: registryLicenses(r),
    locator: r.locator,
  };
}

/** The record's state licences, one per (state, number), the primary taxonomy's first. */
function registryLicenses(r: NppesRecord): RegistryProvider['licenses'] {
  const out: RegistryProvider['licenses'] = [];
  const seen = new Set<string>();
  for (const t of [...r.taxonomies].sort((a, b) => Number(b.primary) - Number(a.primary))) {
    const state = t.license_state?.trim().toUpperCase();
    const number = t.license_number?.trim();
    if (!state || !number) continue;
    const key = licenseKey(state, number);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ state, number, taxonomy: t.code ?? null, primary: t.primary });
  }
  return out;
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
  // 3: rows carry the registered state licences, indexed by `license` (state and number).
  loaderVersion: '3',
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
  indexes: [
    { name: 'npi', unique: true, keys: (r) => [r.npi] },
    // State licence files without NPIs are matched through it (shared/providers/licenses/place.ts). Unique,
    // so the load keeps no per-key state: of two NPIs registering one licence the later row wins,
    // and the matcher requires the board's last name to equal the registry's.
    { name: 'license', unique: true, keys: (r) => (r.licenses ?? []).map((l) => licenseKey(l.state, l.number)) },
  ],
  // One name token per individual (last name, first initial, practice state): trial investigators
  // are matched to NPIs by name and place (shared/providers/by-name.ts). A token item per row, no
  // per-key state, so the load stays in flat memory.
  tokens: registryNameTokens,
  // Individual providers (entity type 1) in the newest full file: GET /platform/stats `clinicians`.
  entityCount: { name: 'clinicians', counts: (r) => r.entity_type === 'individual' },
});
