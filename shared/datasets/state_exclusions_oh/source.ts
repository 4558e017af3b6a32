import { declareStateList, listing, PAGE_NOTE } from '../../state-exclusions/lists';

/** The Ohio state exclusion list: archived on import, no layout reads it yet (coverage reports it as not loaded). */
export const source = declareStateList({
  st: 'oh',
  publisher: 'Ohio Department of Medicaid',
  title: 'Ohio Medicaid exclusion and suspension list',
  urls: [listing('https://medicaid.ohio.gov/', PAGE_NOTE)],
  docs: [{ title: 'Exclusion/suspension list workbook', match: /\.xlsx$/i }],
});
