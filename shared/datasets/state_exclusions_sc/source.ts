import { declareStateList, listing, PAGE_NOTE } from '../../state-exclusions/lists';

/** The South Carolina state exclusion list: archived on import, no layout reads it yet (coverage reports it as not loaded). */
export const source = declareStateList({
  st: 'sc',
  publisher: 'South Carolina Department of Health and Human Services (SCDHHS)',
  title: 'South Carolina list of sanctioned individuals and entities',
  urls: [listing('https://www.scdhhs.gov/', PAGE_NOTE)],
  docs: [{ title: 'Sanctioned individuals/entities workbook', match: /\.xlsx$/i }],
});
