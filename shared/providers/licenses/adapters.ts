import { type DatasetFeed, feedDataset } from '../../catalog/dataset';
import type { PublisherParser } from '../../publishers/common/types';
import { stateLicensesDataset } from './dataset';
import type { LicenseRow, Profession } from './rows';

/**
 * What a state adapter covers and how current it can be (issue 21 point 5: "each state is an
 * adapter with a coverage and vintage record"): which professions its file holds, which rows
 * (licences, disciplinary actions or both), since when, how often the board republishes it, whether
 * it carries NPIs (else the match rule of shared/providers/licenses/place.ts applies) and what it omits.
 */
export interface AdapterCoverage {
  state: string;
  sourceId: string;
  docId: string;
  professions: readonly Profession[];
  rows: readonly ('license' | 'action')[];
  /** The span of the board's file: `current credentials`, `actions since 1990`. */
  history: string;
  /** How often the publisher refreshes the file (its own words), beside the fetch cadence. */
  published: string;
  carries_npi: boolean;
  /** What the file does not hold (older actions, other professions, action dates). */
  omits: string;
  /** Which layout document the reading code follows, and what of it could not be verified. */
  layout: string;
}

const adapters = new Map<string, AdapterCoverage>();

/**
 * A state folder's feed of the licence dataset, its coverage recorded for the state reads
 * (`licenseAdapters`). Called from the folder's feed.ts, which the composition root installs.
 */
export function stateLicenseFeed(coverage: AdapterCoverage, parser: PublisherParser<LicenseRow>): DatasetFeed {
  adapters.set(coverage.state, coverage);
  return feedDataset(stateLicensesDataset, {
    docs: [{ sourceId: coverage.sourceId, docId: coverage.docId, mode: 'snapshot' }],
    parserFor: (f) => (f.source_id === coverage.sourceId && f.doc_id === coverage.docId ? parser : undefined),
    note: `${coverage.sourceId}: ${coverage.rows.join(' and ')} rows of ${coverage.professions.join(', ')} (${coverage.history}); ${coverage.carries_npi ? 'NPIs from the file' : 'no NPI in the file: matched through NPPES licence numbers'}; omits ${coverage.omits}.`,
  });
}

/** Every state adapter installed, by state (USPS code order). */
export function licenseAdapters(): AdapterCoverage[] {
  return [...adapters.values()].sort((a, b) => (a.state < b.state ? -1 : a.state > b.state ? 1 : 0));
}

export function licenseAdapter(state: string): AdapterCoverage | undefined {
  return adapters.get(state);
}
