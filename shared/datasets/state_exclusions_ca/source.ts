import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { caLayout } from './layout';

/** The California state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'ca',
  publisher: 'California Department of Health Care Services (DHCS)',
  title: 'Medi-Cal Suspended and Ineligible Provider List',
  urls: [listing('https://files.medi-cal.ca.gov/pubsdoco/SandILanding.aspx', PAGE_NOTE)],
  docs: [{ title: 'Medi-Cal S&I list (CSV)', match: /\.csv$/i, parser: readWith(caLayout) }],
  samples: 'shared/datasets/state_exclusions_ca/fixtures/manifest.json',
});
