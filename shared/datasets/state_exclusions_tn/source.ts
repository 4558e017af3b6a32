import { declareStateList, listing, PAGE_NOTE } from '../../state-exclusions/lists';

/** The Tennessee state exclusion list: archived on import, no layout reads it yet (coverage reports it as not loaded). */
export const source = declareStateList({
  st: 'tn',
  publisher: 'TennCare (Tennessee Division of TennCare)',
  title: 'TennCare terminated provider list',
  urls: [listing('https://www.tn.gov/tenncare/', PAGE_NOTE)],
  docs: [{ title: 'Terminated provider list (PDF)', match: /\.pdf$/i }],
});
