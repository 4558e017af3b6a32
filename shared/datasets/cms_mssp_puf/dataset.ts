import { defineDataset } from '../../catalog/dataset';
import { MSSP_RESULTS, type MsspRow } from '../../vbc/mssp-rows';
import { msspParser } from './source';

/**
 * The MSSP results as a catalog dataset: one row per ACO and performance year, found by ACO ID, by
 * the pre-2019 encrypted ACO number and by compared name (for the years whose file has no ID), listed per performance year in ACO order,
 * with the per-year-and-track rollup `/vbc/financials/summary` reads, computed when a year loads.
 * Each year's file is a supplement: every year released on a date is in force on it.
 */
export const msspDataset = defineDataset<MsspRow>({
  id: MSSP_RESULTS,
  title: 'MSSP ACO performance-year results',
  loaderVersion: '1',
  docs: [{ sourceId: 'cms_mssp_puf', docId: 'mssp:1', mode: 'supplement' }],
  parserFor: (f) => (f.source_id === 'cms_mssp_puf' && f.doc_id === 'mssp:1' ? msspParser(f.name) : undefined),
  indexes: [
    { name: 'aco_id', keys: (r) => (r.aco_id ? [r.aco_id] : []) },
    { name: 'aco_num', keys: (r) => (r.aco_num ? [r.aco_num] : []) },
    { name: 'name', keys: (r) => [r.name_key] },
  ],
  listings: {
    results: {
      description: 'ACOs of each performance year in ACO order (ID, else ACO number, else compared name).',
      sort: { field: 'aco_key', type: 'string' },
      partitionBy: ['performance_year'],
      filters: { performance_year: 'eq' },
      types: { performance_year: 'number' },
    },
  },
  rollups: {
    by_year_track: {
      description: 'ACO counts, beneficiaries and dollars per performance year and track.',
      groupBy: ['performance_year', 'track'],
      measures: {
        acos: { op: 'count' },
        assigned_beneficiaries: { op: 'sum', field: 'assigned_beneficiaries' },
        total_benchmark_expenditures: { op: 'sum', field: 'total_benchmark_expenditures' },
        total_expenditures: { op: 'sum', field: 'total_expenditures' },
        benchmark_minus_expenditures: { op: 'sum', field: 'benchmark_minus_expenditures' },
        losses: { op: 'sum', field: 'losses' },
        generated_savings_losses: { op: 'sum', field: 'generated_savings_losses' },
        earned_shared_savings: { op: 'sum', field: 'earned_shared_savings' },
        owed_losses: { op: 'sum', field: 'owed_losses' },
        acos_earning_savings: { op: 'sum', field: 'earned_payment' },
        mean_savings_rate_pct: { op: 'mean', field: 'savings_rate_pct' },
        median_savings_rate_pct: { op: 'median', field: 'savings_rate_pct' },
        mean_quality_score_pct: { op: 'mean', field: 'quality_score_pct' },
      },
      listing: {
        sort: { field: 'track', type: 'string' },
        partitionBy: ['performance_year'],
        filters: { performance_year: 'eq', track: 'eq' },
      },
    },
  },
});
