import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { ohHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const ohLayout = lazyLayout(ohHead, () => (require('./layout') as typeof import('./layout')).ohLayout);

/** The Ohio state exclusion list, read by ./layout.ts. */
export const source = declareStateList({
  st: 'oh',
  publisher: 'Ohio Department of Medicaid',
  title: 'Ohio Medicaid exclusion and suspension list',
  // Revised twice a month (the 1st and the 15th): judged weekly, so a list 21 days old (a missed
  // revision) is stale and blocks a negative verdict, where monthly would wait 100 days.
  cadence: 'weekly',
  // The page links ExclusionSuspensionList.xlsx (under /static/Providers/Enrollment+and+Support/).
  urls: [
    listing(
      'https://medicaid.ohio.gov/resources-for-providers/enrollment-and-support/provider-enrollment/provider-exclusion-and-suspension-list',
      PAGE_NOTE,
    ),
  ],
  docs: [{ title: 'Exclusion/suspension list workbook', match: /\.xlsx$/i, parser: readWith(ohLayout) }],
  samples: 'shared/datasets/state_exclusions_oh/fixtures/manifest.json',
});
