import { declareStateList, listing, PAGE_NOTE } from '../../state-exclusions/lists';

/** The Vermont state exclusion list: archived on import, no layout reads it yet (coverage reports it as not loaded). */
export const source = declareStateList({
  st: 'vt',
  publisher: 'Vermont Department of Vermont Health Access (DVHA)',
  title: 'Vermont Medicaid for-cause exclusions',
  urls: [listing('https://dvha.vermont.gov/', PAGE_NOTE)],
  docs: [{ title: 'Monthly for-cause exclusions workbook', match: /\.xlsx$/i }],
});
