import { declareStateList, listing, PAGE_NOTE } from '../../state-exclusions/lists';

/** The Massachusetts state exclusion list: archived on import, no layout reads it yet (coverage reports it as not loaded). */
export const source = declareStateList({
  st: 'ma',
  publisher: 'MassHealth (Executive Office of Health and Human Services)',
  title: 'MassHealth suspended or excluded providers',
  urls: [
    listing('https://www.mass.gov/info-details/learn-about-suspended-or-excluded-masshealth-providers', PAGE_NOTE),
  ],
  docs: [{ title: 'MassHealth exclusions workbook', match: /\.xlsx$/i }],
});
