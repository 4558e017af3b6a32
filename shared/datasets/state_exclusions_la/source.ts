import { declareStateList, readWith } from '../../state-exclusions/lists';
import { laLayout } from './layout';

/** The Louisiana state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'la',
  publisher: 'Louisiana Department of Health',
  title: 'Louisiana Medicaid adverse actions list',
  urls: [{ url: 'https://adverseactions.dhh.la.gov/SelSearch/GetCsv', kind: 'file', note: 'CSV export.' }],
  docs: [{ title: 'LDH adverse actions CSV export', match: /\.csv$|^GetCsv$/i, parser: readWith(laLayout) }],
  samples: 'shared/datasets/state_exclusions_la/fixtures/manifest.json',
});
