import { defineDataset } from '../../catalog/dataset';
import { CTGOV_STUDIES, listedStudy, type TrialStudyRow } from '../../trials/study-rows';
import { studyTokens } from '../../trials/tokens';
import { ctgovSetParser } from './source';

/**
 * ClinicalTrials.gov studies as a catalog dataset: one row per study, found by NCT id, listed in
 * NCT order (`studies`) or newest update first (`updated`), each whole and per overall status.
 * Condition, phase, sponsor and site location are search tokens (./tokens in shared/trials): a
 * study has many of each, which a listing field cannot hold. Each complete set is a snapshot.
 */
export const ctgovStudiesDataset = defineDataset<TrialStudyRow>({
  id: CTGOV_STUDIES,
  title: 'ClinicalTrials.gov studies',
  loaderVersion: '3',
  docs: [{ sourceId: 'nlm_ctgov', docId: 'ctgov:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'nlm_ctgov' && f.doc_id === 'ctgov:1' ? ctgovSetParser : undefined),
  indexes: [{ name: 'nct', unique: true, keys: (r) => [r.nct_id] }],
  // A study is copied per listing copy and per search token (hundreds for a many-site study): those
  // copies hold its summary; the whole study (sites, officials) is read by NCT id.
  listedValue: listedStudy,
  tokens: studyTokens,
  searchTokens: (text) => text.split(' ').filter((t) => t !== ''),
  listings: {
    studies: {
      description: 'Studies in NCT order, whole and per overall status.',
      sort: { field: 'nct_id', type: 'string' },
      partitionBy: ['overall_status'],
      filters: { overall_status: 'eq', last_update_posted: 'range', nct_id: 'token' },
      types: { last_update_posted: 'date' },
    },
    updated: {
      description: 'Studies by last update posted, newest first, whole and per overall status.',
      sort: { field: 'last_update_posted', type: 'date' },
      direction: 'desc',
      partitionBy: ['overall_status'],
      filters: { overall_status: 'eq', last_update_posted: 'range', nct_id: 'token' },
    },
  },
  rollups: {
    by_status: {
      description: 'Studies per overall status (the totals of status-only searches).',
      groupBy: ['overall_status'],
      measures: { studies: { op: 'count' } },
      listing: { sort: { field: 'overall_status', type: 'string' } },
    },
    // The totals of update-window searches without words (shared/trials/window-total.ts): whole
    // months from by_update_month, the days at either end from by_update_day, one row per status
    // and month or day, so a window costs at most its months and ~62 days of rows per status.
    by_update_day: {
      description: 'Studies per overall status and day of last update posted (the edge days of window totals).',
      groupBy: ['overall_status', 'last_update_posted'],
      measures: { studies: { op: 'count' } },
      listing: {
        sort: { field: 'last_update_posted', type: 'date' },
        partitionBy: ['overall_status'],
        filters: { overall_status: 'eq', last_update_posted: 'range' },
      },
    },
    by_update_month: {
      description: 'Studies per overall status and month of last update posted (the whole months of window totals).',
      groupBy: ['overall_status', 'last_update_month'],
      measures: { studies: { op: 'count' } },
      listing: {
        sort: { field: 'last_update_month', type: 'string' },
        partitionBy: ['overall_status'],
        filters: { overall_status: 'eq', last_update_month: 'range' },
      },
    },
  },
});
