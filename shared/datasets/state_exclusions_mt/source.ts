import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { mtHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const mtLayout = lazyLayout(mtHead, () => (require('./layout') as typeof import('./layout')).mtLayout);

/** The Montana state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'mt',
  publisher: 'Montana Department of Public Health and Human Services (DPHHS)',
  title: 'Montana Medicaid terminated and excluded providers',
  // The page links the workbook as "Download Excluded or Terminated Provider list in Excel".
  urls: [listing('https://dphhs.mt.gov/montanahealthcareprograms/terminatedexcludedproviders', PAGE_NOTE)],
  docs: [{ title: 'Terminated/excluded providers workbook', match: /\.xlsx$/i, parser: readWith(mtLayout) }],
  samples: 'shared/datasets/state_exclusions_mt/fixtures/manifest.json',
});
