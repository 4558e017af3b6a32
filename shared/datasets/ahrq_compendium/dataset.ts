import { defineDataset } from '../../catalog/dataset';
import {
  COMPENDIUM_HOSPITALS,
  COMPENDIUM_SYSTEMS,
  type HealthSystemRow,
  HealthSystemRowSchema,
  type HospitalLinkRow,
  HospitalLinkRowSchema,
} from '../../systems/system-rows';
import { compendiumLinkageParser, compendiumSystemsParser } from './source';

/**
 * The hospital linkage (hospital CCN -> health system), one snapshot per release: found by CCN
 * (not unique: AHRQ's 2018 file lists one CCN twice) and by AHRQ hospital id, listed per system in
 * hospital-id order (a listing partition rather than an index entry, which holds at most 200 rows:
 * a system of any size is read page by page). No load-time rollup: /signals/systems sums signals,
 * which depend on the feeds and the facility reference in force, not on the linkage alone.
 */
export const compendiumHospitalsDataset = defineDataset<HospitalLinkRow>({
  id: COMPENDIUM_HOSPITALS,
  title: 'AHRQ Compendium hospital linkage (hospital CCN to health system)',
  loaderVersion: '1',
  docs: [{ sourceId: 'ahrq_compendium', docId: 'ahrq_compendium:2', mode: 'snapshot' }],
  parserFor: (f) =>
    f.source_id === 'ahrq_compendium' && f.doc_id === 'ahrq_compendium:2' ? compendiumLinkageParser : undefined,
  schema: HospitalLinkRowSchema,
  indexes: [
    { name: 'ccn', keys: (r) => (r.ccn ? [r.ccn] : []) },
    { name: 'hospital', unique: true, keys: (r) => [r.compendium_hospital_id] },
  ],
  listings: {
    by_system: {
      description: "A system's hospitals in AHRQ hospital-id order (hospitals in no system are not listed here).",
      sort: { field: 'compendium_hospital_id', type: 'string' },
      partitionBy: ['health_sys_id'],
      partitionRequired: true,
    },
  },
  loadPriority: 0,
});

/** The system file, one snapshot per release: found by system id, listed by id. */
export const compendiumSystemsDataset = defineDataset<HealthSystemRow>({
  id: COMPENDIUM_SYSTEMS,
  title: 'AHRQ Compendium of U.S. Health Systems (systems)',
  loaderVersion: '1',
  docs: [{ sourceId: 'ahrq_compendium', docId: 'ahrq_compendium:1', mode: 'snapshot' }],
  parserFor: (f) =>
    f.source_id === 'ahrq_compendium' && f.doc_id === 'ahrq_compendium:1' ? compendiumSystemsParser : undefined,
  schema: HealthSystemRowSchema,
  indexes: [{ name: 'system', unique: true, keys: (r) => [r.health_sys_id] }],
  listings: {
    systems: {
      description: 'Systems in id order, whole and per home-office state.',
      sort: { field: 'health_sys_id', type: 'string' },
      partitionBy: ['health_sys_state'],
      filters: { health_sys_state: 'eq' },
    },
  },
  loadPriority: 0,
});
