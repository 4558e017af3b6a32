import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { coHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const coLayout = lazyLayout(coHead, () => (require('./layout') as typeof import('./layout')).coLayout);

/** The Colorado state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'co',
  publisher: 'Colorado Department of Health Care Policy and Financing (HCPF)',
  title: 'Colorado Medicaid provider termination list',
  urls: [listing('https://hcpf.colorado.gov/', PAGE_NOTE)],
  docs: [{ title: 'HCPF termination list workbook', match: /\.xlsx$/i, parser: readWith(coLayout) }],
  samples: 'shared/datasets/state_exclusions_co/fixtures/manifest.json',
});
