import { declareStateList, listing, PAGE_NOTE } from '../../state-exclusions/lists';

/** The Montana state exclusion list: archived on import, no layout reads it yet (coverage reports it as not loaded). */
export const source = declareStateList({
  st: 'mt',
  publisher: 'Montana Department of Public Health and Human Services (DPHHS)',
  title: 'Montana Medicaid terminated and excluded providers',
  urls: [listing('https://medicaidprovider.mt.gov/', PAGE_NOTE)],
  docs: [{ title: 'Terminated/excluded providers workbook', match: /\.xlsx$/i }],
});
