import { lazyLayout } from '../../state-exclusions/layout';
import { declareStateList, listing, PAGE_NOTE, readWith } from '../../state-exclusions/lists';
import { tnHead } from './head';

/** The list's layout (./layout.ts), required on first use (its head is ./head.ts). */
export const tnLayout = lazyLayout(tnHead, () => (require('./layout') as typeof import('./layout')).tnLayout);

/** The Tennessee state exclusion list, read by ./layout.ts (a PDF, through the archive's text rendering). */
export const source = declareStateList({
  st: 'tn',
  publisher: 'TennCare (Tennessee Division of TennCare)',
  title: 'TennCare terminated provider list',
  // In 2016 the page linked assets/entities/tenncare/attachments/terminatedproviderlist.pdf (PROVENANCE.md).
  urls: [listing('https://www.tn.gov/tenncare/', PAGE_NOTE)],
  docs: [
    { title: 'Terminated provider list (PDF)', match: /terminated.*provider.*\.pdf$/i, parser: readWith(tnLayout) },
  ],
  samples: 'shared/datasets/state_exclusions_tn/fixtures/manifest.json',
});
