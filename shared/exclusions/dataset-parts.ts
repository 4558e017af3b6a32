import type { IndexDecl, Listing } from '../catalog/dataset';
import { nameKeys, searchTokens, sortName } from './names';
import type { ExclusionRecord } from './record';

/**
 * How exclusion rows (federal and state alike) are found: by each NPI they carry, by their
 * normalized name keys (names.ts), by the words of their names (search), and listed by name.
 */
export const EXCLUSION_INDEXES: readonly IndexDecl<ExclusionRecord>[] = [
  { name: 'npi', keys: (r) => r.npis },
  { name: 'name', keys: (r) => nameKeys(r) },
];

export function exclusionTokens(r: ExclusionRecord): string[] {
  return searchTokens(r.name, r.organization_name, r.last_name, r.first_name, ...r.other_names);
}

export const EXCLUSION_LISTING: Listing<ExclusionRecord> = {
  sortKey: (r) => sortName(r.name),
  filters: (r) => ({ entity_type: r.entity_type }),
};

/** The three together: what every exclusion list's dataset declares (`...EXCLUSION_ROWS`). */
export const EXCLUSION_ROWS = {
  indexes: EXCLUSION_INDEXES,
  tokens: exclusionTokens,
  listing: EXCLUSION_LISTING,
} as const;
