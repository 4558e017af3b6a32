import { defineDataset } from '../../catalog/dataset';
import { LEADERBOARD_LISTING, MIPS_DATASET, type MipsRow, MipsRowSchema } from '../../providers/quality-rows';
import { mapParser } from '../../publishers/common/resume';
import type { MipsRecord } from './parser';
import { mipsParser } from './source';

/** Catalog rows from the file's records: placement left to the placer (shared/providers/quality-place.ts). */
export function toMipsRow(r: MipsRecord): MipsRow {
  return {
    ...r,
    specialty: null,
    specialty_from: null,
    state: null,
    state_from: null,
    leader_key: null,
    placed_with: 'none',
  };
}

const rowParser = mapParser<MipsRecord, MipsRow>(mipsParser, {
  id: 'cms_qpp_mips/rows',
  version: `${mipsParser.version}.1`,
  map: toMipsRow,
});

/**
 * The MIPS performance files as a catalog dataset, one snapshot per performance-year file (about
 * 600,000 clinician rows): found by NPI (`/quality/{npi}`, the dossier's quality block: one read),
 * and listed per specialty in leaderboard order (`leader_key`: final score descending, NPI, PAC ID),
 * filtered by state and Medicare patients. Specialty and state are placed at load through the
 * NPPES registry, which loads first. Two items a row (index, leaderboard partition).
 */
export const mipsDataset = defineDataset<MipsRow>({
  id: MIPS_DATASET,
  title: 'MIPS performance (clinician final and category scores)',
  loaderVersion: '1',
  docs: [
    { sourceId: 'cms_qpp_mips', docId: 'mips_scores:1', mode: 'snapshot' },
    { sourceId: 'cms_qpp_mips', docId: 'mips_experience:1', mode: 'snapshot' },
  ],
  parserFor: (f) => (f.source_id === 'cms_qpp_mips' ? rowParser : undefined),
  schema: MipsRowSchema,
  indexes: [{ name: 'npi', keys: (r) => [r.npi] }],
  placer: async (deps, version) =>
    (require('../../providers/quality-place') as typeof import('../../providers/quality-place')).openMipsPlacer(
      deps,
      version,
    ),
  listings: {
    [LEADERBOARD_LISTING]: {
      description: 'Clinicians of a specialty by final score (descending), then NPI and PAC ID.',
      sort: { field: 'leader_key', type: 'string' },
      partitionBy: ['specialty'],
      partitionRequired: true,
      filters: { state: 'eq', medicare_patients: 'range' },
    },
  },
  loadPriority: 2,
});
