import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { azHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const azLayout = lazyLayout(azHead, () => (require('./layout') as typeof import('./layout')).azLayout);

/** The Arizona state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'az',
  publisher: 'Arizona Health Care Cost Containment System (AHCCCS), Office of Inspector General',
  title: 'Arizona AHCCCS provider exclusions and terminations',
  urls: [listing('https://www.azahcccs.gov/Fraud/Providers/actions.html', PAGE_NOTE)],
  docs: [{ title: 'AHCCCS state exclusions workbook', match: /\.xlsx$/i, parser: readWith(azLayout) }],
  samples: 'shared/datasets/state_exclusions_az/fixtures/manifest.json',
});
