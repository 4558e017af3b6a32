import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { kyHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const kyLayout = lazyLayout(kyHead, () => (require('./layout') as typeof import('./layout')).kyLayout);

/** The Kentucky state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'ky',
  publisher: 'Kentucky Cabinet for Health and Family Services, Department for Medicaid Services',
  title: 'Kentucky Medicaid terminated and excluded providers',
  // The page links Documents/KYMedicaidTerminationList.xlsx.
  urls: [listing('https://www.chfs.ky.gov/agencies/dms/dpi/pe/Pages/terminated.aspx', PAGE_NOTE)],
  docs: [{ title: 'KY DMS terminations and exclusions workbook', match: /\.xlsx$/i, parser: readWith(kyLayout) }],
  samples: 'shared/datasets/state_exclusions_ky/fixtures/manifest.json',
});
