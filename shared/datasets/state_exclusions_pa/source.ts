import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { paHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const paLayout = lazyLayout(paHead, () => (require('./layout') as typeof import('./layout')).paLayout);

/** The Pennsylvania state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'pa',
  publisher: 'Pennsylvania Department of Human Services',
  title: 'Pennsylvania Medicheck precluded providers list',
  // The list is an export (humanservices.state.pa.us/Medchk/...) whose link carries no file
  // name, so the document pattern does not choose it: the page is archived, the list is not followed.
  urls: [listing('https://www.pa.gov/en/agencies/dhs/report-fraud/medicheck-list.html', PAGE_NOTE)],
  docs: [{ title: 'Medicheck precluded providers list', match: /\.(csv|txt)$/i, parser: readWith(paLayout) }],
  samples: 'shared/datasets/state_exclusions_pa/fixtures/manifest.json',
});
