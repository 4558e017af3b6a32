import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { maHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const maLayout = lazyLayout(maHead, () => (require('./layout') as typeof import('./layout')).maLayout);

/** The Massachusetts state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'ma',
  publisher: 'MassHealth (Executive Office of Health and Human Services)',
  title: 'MassHealth suspended or excluded providers',
  urls: [
    listing('https://www.mass.gov/info-details/learn-about-suspended-or-excluded-masshealth-providers', PAGE_NOTE),
  ],
  docs: [{ title: 'MassHealth exclusions workbook', match: /\.xlsx$/i, parser: readWith(maLayout) }],
  samples: 'shared/datasets/state_exclusions_ma/fixtures/manifest.json',
});
