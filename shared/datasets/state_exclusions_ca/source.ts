import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { caHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const caLayout = lazyLayout(caHead, () => (require('./layout') as typeof import('./layout')).caLayout);

/** The California state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'ca',
  publisher: 'California Department of Health Care Services (DHCS)',
  title: 'Medi-Cal Suspended and Ineligible Provider List',
  urls: [listing('https://files.medi-cal.ca.gov/pubsdoco/SandILanding.aspx', PAGE_NOTE)],
  docs: [{ title: 'Medi-Cal S&I list (CSV)', match: /\.csv$/i, parser: readWith(caLayout) }],
  samples: 'shared/datasets/state_exclusions_ca/fixtures/manifest.json',
});
