import { defineDataset } from '../../catalog/dataset';
import { REACH_PROVIDERS, REACH_RESULTS, type ReachProviderRow, type ReachResultRow } from '../../vbc/reach-rows';
import { reachProvidersParser, reachResultsParser } from './source';

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
 * always read for one entity) and per entity, year and type, each in the file's order by the row's
 * place in it (`position`, `type_position`), so a page at any offset is one key range; with the
 * per-entity counts by type computed when a year's list loads (what `provider_total` reads).
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
      description: "One entity's providers of one year, in the file's order.",
      sort: { field: 'position', type: 'number' },
      partitionBy: ['entity_year'],
      partitionRequired: true,
      filters: { entity_year: 'eq', position: 'range' },
      types: { performance_year: 'number' },
    },
    providers_by_type: {
      description: "One entity's providers of one year and type, in the file's order.",
      sort: { field: 'type_position', type: 'number' },
      partitionBy: ['entity_year_type'],
      partitionRequired: true,
      filters: { entity_year_type: 'eq', type_position: 'range' },
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
