import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, readWith } from '../../state-exclusions/lists';
import { laHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const laLayout = lazyLayout(laHead, () => (require('./layout') as typeof import('./layout')).laLayout);

/** The Louisiana state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'la',
  publisher: 'Louisiana Department of Health',
  title: 'Louisiana Medicaid adverse actions list',
  urls: [{ url: 'https://adverseactions.dhh.la.gov/SelSearch/GetCsv', kind: 'file', note: 'CSV export.' }],
  docs: [{ title: 'LDH adverse actions CSV export', match: /\.csv$|^GetCsv$/i, parser: readWith(laLayout) }],
  samples: 'shared/datasets/state_exclusions_la/fixtures/manifest.json',
});
