import { defineDataset } from '../catalog/dataset';
import { CONSTRUCTION_SIGNALS, listedSignal, type SignalRow, SignalRowSchema } from './signal-rows';

/**
 * Construction signals as a catalog dataset: one row per project after duplicate filings merged,
 * found by signal id, listed newest first and by value (whole, per state, per category), rolled up
 * by state and category when each version loads. It declares no document of its own: each signal
 * source's folder offers a feed of it (`feedDataset`, e.g. chicago_building_permits/feed.ts) with
 * its documents and their parser, so a new signal source needs no edit here.
 */
export const constructionSignalsDataset = defineDataset<SignalRow>({
  id: CONSTRUCTION_SIGNALS,
  title: 'Construction signals (health facilities)',
  loaderVersion: '3',
  docs: [],
  parserFor: () => undefined,
  schema: SignalRowSchema,
  indexes: [{ name: 'signal', unique: true, keys: (r) => [r.signal_id] }],
  // Listing items hold what /signals filters and orders by; the whole signal (its published row and
  // merged filings) is read by signal id for the page only.
  listedValue: listedSignal,
  listings: {
    // One listing per order of GET /signals, each copy partitioned by state and by category, so a
    // page reads its own items (plus what the other filters skip, within a bounded scan).
    recent: {
      description: 'Signals newest first (latest date, nulls last), whole, per state and per category.',
      sort: { field: 'latest_date', type: 'date' },
      direction: 'desc',
      partitionBy: ['state', 'category'],
      filters: { city: 'eq', value_usd: 'range', latest_date: 'range' },
    },
    by_value: {
      description: 'Signals largest declared value first (nulls last), whole, per state and per category.',
      sort: { field: 'value_usd', type: 'number' },
      direction: 'desc',
      partitionBy: ['state', 'category'],
      filters: { city: 'eq', value_usd: 'range', latest_date: 'range' },
    },
  },
  rollups: {
    by_state_category: {
      description: 'Signals and their dollar value per state and category (merged projects counted once).',
      groupBy: ['state', 'category'],
      measures: {
        signals: { op: 'count' },
        value_usd: { op: 'sum', field: 'value_usd' },
        median_value_usd: { op: 'median', field: 'value_usd' },
      },
      listing: { sort: { field: 'state', type: 'string' }, filters: { state: 'eq', category: 'eq' } },
    },
  },
});
