import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { msHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const msLayout = lazyLayout(msHead, () => (require('./layout') as typeof import('./layout')).msLayout);

/** The Mississippi state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'ms',
  publisher: 'Mississippi Division of Medicaid',
  title: 'Mississippi Medicaid sanctioned providers list',
  urls: [listing('https://medicaid.ms.gov/', PAGE_NOTE)],
  docs: [{ title: 'Sanctioned providers workbook', match: /\.xlsx$/i, parser: readWith(msLayout) }],
  samples: 'shared/datasets/state_exclusions_ms/fixtures/manifest.json',
});
