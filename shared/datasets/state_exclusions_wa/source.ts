import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';

/** The list's layout (./layout.ts), required on first use: its head here must equal the layout's. */
export const waLayout = lazyLayout(
  {
    sourceId: 'state_exclusions_wa',
    state: 'WA',
    id: 'state_exclusions_wa/termination-exclusion-xlsx',
    match: /\.xlsx$/i,
    format:
      'XLSX, three preamble rows; names Last, First CREDENTIAL, several per cell on separate lines; NPI or P1 numbers; Excel serial dates',
    fields: ['npi', 'license_number', 'provider_type'],
  },
  () => (require('./layout') as typeof import('./layout')).waLayout,
);

/** The Washington state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'wa',
  publisher: 'Washington State Health Care Authority (HCA)',
  title: 'Washington provider termination and exclusion list',
  // The page links the workbook as "the HCA Medicaid providers listing".
  urls: [
    listing(
      'https://www.hca.wa.gov/billers-providers-partners/become-apple-health-provider/provider-termination-and-exclusion-list',
      PAGE_NOTE,
    ),
  ],
  docs: [{ title: 'Termination and exclusion list workbook', match: /\.xlsx$/i, parser: readWith(waLayout) }],
  samples: 'shared/datasets/state_exclusions_wa/fixtures/manifest.json',
});
