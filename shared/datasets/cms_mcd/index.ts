import { loadMcdCodeList } from '../../facts/mcd';
import type { CustomFacts } from '../../facts/registry';
import type { Located, PublisherParser } from '../../publishers/common/types';
import {
  mcdArticleCodeGroupParser,
  mcdArticleCodeParser,
  mcdLcdCodeGroupParser,
  mcdLcdCodeParser,
} from '../../publishers/mcd/code-lists';
import {
  mcdArticleContractorParser,
  mcdContractorParser,
  mcdJurisdictionParser,
  mcdLcdContractorParser,
  mcdStateParser,
} from '../../publishers/mcd/contractors';
import { mcdArticleParser, mcdLcdParser } from '../../publishers/mcd/documents';
import { cmsMcd } from '../../sources/decl/cms-mcd';
import { defineSource } from '../module';

/** The parser of each MCD table, by its file name (`update_period.csv` is archived only). */
const TABLES: Readonly<Record<string, PublisherParser<Located>>> = {
  'lcd.csv': mcdLcdParser as PublisherParser<Located>,
  'article.csv': mcdArticleParser as PublisherParser<Located>,
  'lcd_x_hcpc_code.csv': mcdLcdCodeParser as PublisherParser<Located>,
  'article_x_hcpc_code.csv': mcdArticleCodeParser as PublisherParser<Located>,
  'lcd_x_hcpc_code_group.csv': mcdLcdCodeGroupParser as PublisherParser<Located>,
  'article_x_hcpc_code_group.csv': mcdArticleCodeGroupParser as PublisherParser<Located>,
  'lcd_x_contractor.csv': mcdLcdContractorParser as PublisherParser<Located>,
  'article_x_contractor.csv': mcdArticleContractorParser as PublisherParser<Located>,
  'contractor.csv': mcdContractorParser as PublisherParser<Located>,
  'contractor_jurisdiction.csv': mcdJurisdictionParser as PublisherParser<Located>,
  'state_lookup.csv': mcdStateParser as PublisherParser<Located>,
};

/**
 * The LCD and article code lists hold the documentation facts, each joined at load time to the
 * sibling tables of the same release (titles, revision windows, code groups, contractors, states).
 */
const codeList: CustomFacts = { version: '2', load: loadMcdCodeList };

const docOf = (table: string) => cmsMcd.docs.find((d) => d.match.test(`${table}.csv`))!.docId;

export default defineSource({
  source: {
    ...cmsMcd,
    samples: 'shared/datasets/cms_mcd/fixtures/manifest.json',
    docs: cmsMcd.docs.map((d) => ({ ...d, parser: (name: string) => TABLES[name.toLowerCase()] })),
  },
  facts: { [docOf('lcd_x_hcpc_code')]: codeList, [docOf('article_x_hcpc_code')]: codeList },
});
