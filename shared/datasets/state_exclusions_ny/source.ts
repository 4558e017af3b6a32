import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { nyHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const nyLayout = lazyLayout(nyHead, () => (require('./layout') as typeof import('./layout')).nyLayout);

/** The New York state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'ny',
  publisher: 'New York State Office of the Medicaid Inspector General (OMIG)',
  title: 'New York OMIG Medicaid exclusion list',
  urls: [listing('https://omig.ny.gov/medicaid-fraud/medicaid-exclusions', PAGE_NOTE)],
  docs: [{ title: 'OMIG exclusion list (tab-delimited text)', match: /\.txt$/i, parser: readWith(nyLayout) }],
  samples: 'shared/datasets/state_exclusions_ny/fixtures/manifest.json',
});
