import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { njHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const njLayout = lazyLayout(njHead, () => (require('./layout') as typeof import('./layout')).njLayout);

/** The New Jersey state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'nj',
  publisher: 'State of New Jersey (Medicaid exclusion list; Department of the Treasury debarment report)',
  title: 'New Jersey Medicaid exclusion list and consolidated debarment report',
  urls: [
    listing('https://www.nj.gov/comptroller/', PAGE_NOTE),
    {
      url: 'https://www.state.nj.us/treasury/treasfiles/debarment/Debarment.txt',
      kind: 'file',
      note: 'Treasury consolidated debarment report (tab-delimited, no header).',
    },
  ],
  docs: [
    { title: 'New Jersey Medicaid exclusion list (CSV)', match: /\.csv$/i, parser: readWith(njLayout) },
    { title: 'NJ Treasury consolidated debarment report', match: /^Debarment\.txt$/i },
  ],
  samples: 'shared/datasets/state_exclusions_nj/fixtures/manifest.json',
});
