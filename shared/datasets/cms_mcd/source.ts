import type { Located, PublisherParser } from '../../publishers/common/types';
import type { SourceDecl } from '../../sources/types';
import { NO_READING } from '../../sources/version-labels';
import { mcdArticleCodeGroupParser, mcdArticleCodeParser, mcdLcdCodeGroupParser, mcdLcdCodeParser } from './code-lists';
import {
  mcdArticleContractorParser,
  mcdContractorParser,
  mcdJurisdictionParser,
  mcdLcdContractorParser,
  mcdStateParser,
} from './contractors';
import { mcdArticleParser, mcdLcdParser } from './documents';

/**
 * Medicare Coverage Database downloads: `current_lcd.zip` (holding `current_lcd_csv.zip`) and
 * `current_article.zip`. Each table is a document. The tables carry CPT descriptors under the AMA
 * license, so every file of this source is listed but neither its text nor its bytes are served.
 * The downloads carry no version label or effective window, so their versions resolve by first
 * observation. Each table has its own parser (`update_period.csv` is archived only).
 */
const TABLES: readonly [string, string, PublisherParser<Located>?][] = [
  ['lcd', 'LCDs', mcdLcdParser],
  ['lcd_x_hcpc_code', 'LCD to HCPCS/CPT codes', mcdLcdCodeParser],
  ['lcd_x_hcpc_code_group', 'LCD code groups', mcdLcdCodeGroupParser],
  ['lcd_x_contractor', 'LCD to contractors', mcdLcdContractorParser],
  ['article', 'Articles', mcdArticleParser],
  ['article_x_hcpc_code', 'Article to HCPCS/CPT codes', mcdArticleCodeParser],
  ['article_x_hcpc_code_group', 'Article code groups', mcdArticleCodeGroupParser],
  ['article_x_contractor', 'Article to contractors', mcdArticleContractorParser],
  ['contractor', 'MAC contractors', mcdContractorParser],
  ['state_lookup', 'State lookup', mcdStateParser],
  ['update_period', 'Update periods'],
  ['contractor_jurisdiction', 'Contractor jurisdictions (states served)', mcdJurisdictionParser],
];

export const cmsMcd: SourceDecl = {
  sourceId: 'cms_mcd',
  title: 'Medicare Coverage Database: current LCDs and articles',
  publisher: 'Centers for Medicare & Medicaid Services (CMS)',
  license: {
    name: 'CMS download with CPT content under the AMA license',
    url: 'https://www.cms.gov/medicare-coverage-database/downloads/downloads.aspx',
    notice:
      'CPT codes, descriptions and other data only are copyright American Medical Association. All rights reserved.',
  },
  thirdPartyLicensedDescriptors: true,
  cadence: { cadence: 'weekly' },
  accuracyClass: 'authoritative',
  registeredOn: '2026-01-01',
  urls: [
    { url: 'https://downloads.cms.gov/medicare-coverage-database/downloads/exports/current_lcd.zip', kind: 'file' },
    { url: 'https://downloads.cms.gov/medicare-coverage-database/downloads/exports/current_article.zip', kind: 'file' },
  ],
  samples: 'shared/datasets/cms_mcd/fixtures/manifest.json',
  docs: TABLES.map(([table, title, parser], i) => ({
    docId: `mcd:${i + 1}`,
    title: `MCD table ${table}: ${title}`,
    match: new RegExp(`^${table}\\.csv$`, 'i'),
    ...(parser ? { parser: () => parser } : {}),
  })),
  versionMethod: 'none',
  readVersion: () => NO_READING,
};
