import { declareStateList, listing, PAGE_NOTE } from '../../state-exclusions/lists';

/** The Washington state exclusion list: archived on import, no layout reads it yet (coverage reports it as not loaded). */
export const source = declareStateList({
  st: 'wa',
  publisher: 'Washington State Health Care Authority (HCA)',
  title: 'Washington provider termination and exclusion list',
  urls: [listing('https://www.hca.wa.gov/', PAGE_NOTE)],
  docs: [{ title: 'Termination and exclusion list workbook', match: /\.xlsx$/i }],
});
