import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { nyLayout } from './layout';

/** The New York state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'ny',
  publisher: 'New York State Office of the Medicaid Inspector General (OMIG)',
  title: 'New York OMIG Medicaid exclusion list',
  urls: [listing('https://omig.ny.gov/medicaid-fraud/medicaid-exclusions', PAGE_NOTE)],
  docs: [{ title: 'OMIG exclusion list (tab-delimited text)', match: /\.txt$/i, parser: readWith(nyLayout) }],
  samples: 'shared/datasets/state_exclusions_ny/fixtures/manifest.json',
});
