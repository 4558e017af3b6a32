import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { vtHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const vtLayout = lazyLayout(vtHead, () => (require('./layout') as typeof import('./layout')).vtLayout);

/** The Vermont state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'vt',
  publisher: 'Vermont Department of Vermont Health Access (DVHA)',
  title: 'Vermont Medicaid for-cause exclusions',
  // The page links the monthly workbook ("Vermont Monthly List of For Cause Exclusions - <month>").
  urls: [listing('https://dvha.vermont.gov/providers/medicaid-excluded-providers', PAGE_NOTE)],
  docs: [{ title: 'Monthly for-cause exclusions workbook', match: /\.xlsx$/i, parser: readWith(vtLayout) }],
  samples: 'shared/datasets/state_exclusions_vt/fixtures/manifest.json',
});
