import { declareStateList } from '../../state-exclusions/lists';

/** The Louisiana state exclusion list: archived on import, no layout reads it yet (coverage reports it as not loaded). */
export const source = declareStateList({
  st: 'la',
  publisher: 'Louisiana Department of Health',
  title: 'Louisiana Medicaid adverse actions list',
  urls: [{ url: 'https://adverseactions.dhh.la.gov/SelSearch/GetCsv', kind: 'file', note: 'CSV export.' }],
  docs: [{ title: 'LDH adverse actions CSV export', match: /\.csv$|^GetCsv$/i }],
});
