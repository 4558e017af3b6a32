import { declareStateList, listing, PAGE_NOTE } from '../../state-exclusions/lists';

/** The Mississippi state exclusion list: archived on import, no layout reads it yet (coverage reports it as not loaded). */
export const source = declareStateList({
  st: 'ms',
  publisher: 'Mississippi Division of Medicaid',
  title: 'Mississippi Medicaid sanctioned providers list',
  urls: [listing('https://medicaid.ms.gov/', PAGE_NOTE)],
  docs: [{ title: 'Sanctioned providers workbook', match: /\.xlsx$/i }],
});
