import { defineDataset } from '../../catalog/dataset';
import { REACH_PROVIDERS, REACH_RESULTS, type ReachProviderRow, type ReachResultRow } from '../../vbc/reach-rows';
import { reachProvidersParser, reachResultsParser } from './parser';

/**
 * The REACH results as a catalog dataset: one row per entity and performance year, found by entity
 * id, listed per performance year in entity-id order (unique within a year). Each year's file is a
 * supplement: every year released on a date is in force on it.
 */
export const reachResultsDataset = defineDataset<ReachResultRow>({
  id: REACH_RESULTS,
  title: 'ACO REACH (formerly GPDC) financial and quality results',
  loaderVersion: '1',
  docs: [{ sourceId: 'cms_reach_puf', docId: 'reach:1', mode: 'supplement' }],
  parserFor: (f) =>
    f.source_id === 'cms_reach_puf' && f.doc_id === 'reach:1' ? reachResultsParser(f.name) : undefined,
  indexes: [{ name: 'aco_id', keys: (r) => [r.aco_id] }],
  listings: {
    entities: {
      description: 'Entities of each performance year in entity-id order.',
      sort: { field: 'aco_id', type: 'string' },
      partitionBy: ['performance_year'],
      filters: { performance_year: 'eq' },
      types: { performance_year: 'number' },
    },
  },
});

/**
 * The participant and preferred provider lists as a catalog dataset: one row per provider and
 * performance year, listed per entity and year (partition `entity_year`, the only copy: a list is
 * always read for one entity) by provider type, name and NPI, with the per-entity counts by type
 * computed when a year's list loads (what `provider_total` and the list's counts read).
 */
export const reachProvidersDataset = defineDataset<ReachProviderRow>({
  id: REACH_PROVIDERS,
  title: 'ACO REACH participant and preferred providers',
  loaderVersion: '1',
  docs: [{ sourceId: 'cms_reach_puf', docId: 'reach:2', mode: 'supplement' }],
  parserFor: (f) =>
    f.source_id === 'cms_reach_puf' && f.doc_id === 'reach:2' ? reachProvidersParser(f.name) : undefined,
  indexes: [],
  listings: {
    providers: {
      description: "One entity's providers of one year, by provider type, name and NPI.",
      sort: { field: 'sort_key', type: 'string' },
      partitionBy: ['entity_year'],
      partitionRequired: true,
      filters: { entity_year: 'eq', provider_type: 'eq' },
      types: { performance_year: 'number' },
    },
  },
  rollups: {
    by_entity: {
      description: 'Providers per performance year, entity and provider type.',
      groupBy: ['performance_year', 'aco_id', 'provider_type'],
      measures: { providers: { op: 'count' } },
      listing: {
        sort: { field: 'aco_id', type: 'string' },
        partitionBy: ['performance_year'],
        filters: { performance_year: 'eq', aco_id: 'eq' },
      },
    },
  },
});
