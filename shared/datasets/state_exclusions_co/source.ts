import { declareStateList, listing, PAGE_NOTE } from '../../state-exclusions/lists';

/** The Colorado state exclusion list: archived on import, no layout reads it yet (coverage reports it as not loaded). */
export const source = declareStateList({
  st: 'co',
  publisher: 'Colorado Department of Health Care Policy and Financing (HCPF)',
  title: 'Colorado Medicaid provider termination list',
  urls: [listing('https://hcpf.colorado.gov/', PAGE_NOTE)],
  docs: [{ title: 'HCPF termination list workbook', match: /\.xlsx$/i }],
});
