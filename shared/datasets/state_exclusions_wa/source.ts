import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { waHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const waLayout = lazyLayout(waHead, () => (require('./layout') as typeof import('./layout')).waLayout);

/** The Washington state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'wa',
  publisher: 'Washington State Health Care Authority (HCA)',
  title: 'Washington provider termination and exclusion list',
  // The page links the workbook as "the HCA Medicaid providers listing".
  urls: [
    listing(
      'https://www.hca.wa.gov/billers-providers-partners/become-apple-health-provider/provider-termination-and-exclusion-list',
      PAGE_NOTE,
    ),
  ],
  docs: [{ title: 'Termination and exclusion list workbook', match: /\.xlsx$/i, parser: readWith(waLayout) }],
  samples: 'shared/datasets/state_exclusions_wa/fixtures/manifest.json',
});
