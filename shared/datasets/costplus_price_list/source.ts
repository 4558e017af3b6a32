import { lazyParser } from '../../publishers/common/lazy';
import type { PriceListRow, PricingFormulaRow } from '../../rx/price-list-rows';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { FORMULA_PARSER_HEAD, LISTING_PARSER_HEAD } from './head';

/** The parsers (./parser.ts), required on first use (their heads are ./head.ts). */
export const listingParser = lazyParser<PriceListRow>(
  LISTING_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).listingParser,
);
export const formulaParser = lazyParser<PricingFormulaRow>(
  FORMULA_PARSER_HEAD,
  () => (require('./parser') as typeof import('./parser')).formulaParser,
);

/** The API's response as the fetcher names it (the URL's last segment, `main`), or a renamed dated copy. */
export const LISTING_FILE = /^(main|main\.json|costplus[-_]price[-_]list.*\.json|output-ex-\d+\.json)$/i;
/** The curated formula table kept in this folder (./pricing-formula.json), archived by import. */
export const FORMULA_FILE = /^costplus-pricing-formula(-\d{4}-\d{2}-\d{2})?\.json$/i;

/**
 * Mark Cuban Cost Plus Drug Company's public price list: GET .../main answers the full listing
 * (`{"results": [...]}`, CostPlusDrugs/apidocs on GitHub Pages). The response names no date, so
 * each archived response is a snapshot in force from the day it was first observed until the next
 * (version method `none`). The vendor's pricing formula is not published as a file: the dated
 * statements of it are gathered in ./pricing-formula.json (every figure with where it came from)
 * and archived as this source's second document, by import, so answers name the version they used.
 */
export const costplusPriceList: SourceDecl = {
  sourceId: 'costplus_price_list',
  title: 'Mark Cuban Cost Plus Drug Company public price list',
  publisher: 'Mark Cuban Cost Plus Drug Company, PBC',
  license: {
    name: 'Publicly served API, no stated licence (prices are published for consumers)',
    url: 'https://github.com/CostPlusDrugs/apidocs',
  },
  thirdPartyLicensedDescriptors: false,
  cadence: { cadence: 'weekly' },
  accuracyClass: 'reference',
  registeredOn: '2026-11-24',
  urls: [
    {
      url: 'https://us-central1-costplusdrugs-publicapi.cloudfunctions.net/main',
      kind: 'file',
      note: 'The full listing, one JSON response (about 2,500 products by 2024); archived weekly as a snapshot.',
    },
  ],
  samples: 'shared/datasets/costplus_price_list/fixtures/manifest.json',
  docs: [
    {
      docId: 'costplus:1',
      title: 'Public price-list API: full listing',
      match: LISTING_FILE,
      parser: () => listingParser,
    },
    {
      docId: 'costplus:2',
      title: 'Published pricing formula by date (curated table, ./pricing-formula.json)',
      match: FORMULA_FILE,
      parser: () => formulaParser,
    },
  ],
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
