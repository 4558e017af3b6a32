import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { scHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const scLayout = lazyLayout(scHead, () => (require('./layout') as typeof import('./layout')).scLayout);

/** The South Carolina state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'sc',
  publisher: 'South Carolina Department of Health and Human Services (SCDHHS)',
  title: 'South Carolina list of sanctioned individuals and entities',
  // The Program Integrity page links the workbook as "South Carolina Excluded Providers".
  urls: [listing('https://www.scdhhs.gov/fraud', PAGE_NOTE)],
  docs: [{ title: 'Sanctioned individuals/entities workbook', match: /\.xlsx$/i, parser: readWith(scLayout) }],
  samples: 'shared/datasets/state_exclusions_sc/fixtures/manifest.json',
});
