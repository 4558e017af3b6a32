import { findByLocator } from '../publishers/common/locator';
import type { Located, Locator, PublisherParser } from '../publishers/common/types';
import {
  mcdArticleCodeGroupParser,
  mcdArticleCodeParser,
  mcdLcdCodeGroupParser,
  mcdLcdCodeParser,
} from '../publishers/mcd/code-lists';
import {
  mcdArticleContractorParser,
  mcdContractorParser,
  mcdJurisdictionParser,
  mcdLcdContractorParser,
} from '../publishers/mcd/contractors';
import { mcdArticleParser, mcdLcdParser } from '../publishers/mcd/documents';
import { extractorFor } from './extractors';

/** What a replay needs from a receipt or a stored row reference. */
export interface RowAddress {
  doc_id: string;
  file_name: string;
  locator: Locator | null;
}

const MCD_TABLES: Readonly<Record<string, PublisherParser<Located>>> = {
  'lcd_x_hcpc_code.csv': mcdLcdCodeParser as PublisherParser<Located>,
  'article_x_hcpc_code.csv': mcdArticleCodeParser as PublisherParser<Located>,
  'lcd_x_hcpc_code_group.csv': mcdLcdCodeGroupParser as PublisherParser<Located>,
  'article_x_hcpc_code_group.csv': mcdArticleCodeGroupParser as PublisherParser<Located>,
  'lcd.csv': mcdLcdParser as PublisherParser<Located>,
  'article.csv': mcdArticleParser as PublisherParser<Located>,
  'lcd_x_contractor.csv': mcdLcdContractorParser as PublisherParser<Located>,
  'article_x_contractor.csv': mcdArticleContractorParser as PublisherParser<Located>,
  'contractor.csv': mcdContractorParser as PublisherParser<Located>,
  'contractor_jurisdiction.csv': mcdJurisdictionParser as PublisherParser<Located>,
};

/** The parser a file of a document is read with (the same one its facts were loaded with). */
export function parserFor(docId: string, fileName: string): PublisherParser<Located> | undefined {
  return extractorFor(docId)?.parser(fileName) ?? MCD_TABLES[fileName.toLowerCase()];
}

/**
 * Replay: re-parse archived bytes and return the row at the address's locator (without the
 * locator), or undefined when no row sits there. Same bytes + same locator = same row.
 */
export async function replayRow(bytes: Buffer, a: RowAddress): Promise<Record<string, unknown> | undefined> {
  const parser = parserFor(a.doc_id, a.file_name);
  if (!parser || !a.locator) return undefined;
  const rec = await findByLocator(parser, bytes, a.locator, { fileName: a.file_name });
  if (!rec) return undefined;
  const { locator: _l, ...rest } = rec as Located & Record<string, unknown>;
  return rest;
}
