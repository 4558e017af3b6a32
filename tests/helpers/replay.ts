import { extractorFor } from '../../shared/facts/extractors';
import { findByLocator } from '../../shared/publishers/common/locator';
import type { Located, PublisherParser } from '../../shared/publishers/common/types';
import { mcdArticleCodeParser, mcdLcdCodeParser } from '../../shared/publishers/mcd/code-lists';
import {
  mcdArticleContractorParser,
  mcdContractorParser,
  mcdJurisdictionParser,
  mcdLcdContractorParser,
} from '../../shared/publishers/mcd/contractors';
import { mcdArticleParser, mcdLcdParser } from '../../shared/publishers/mcd/documents';
import type { Receipt } from '../../shared/warrant/schema';

/** The parser a receipt's file is read with, by its document and file name (independent of the loader's wiring). */
export function parserForReceipt(r: Receipt): PublisherParser<Located> {
  const ex = extractorFor(r.doc_id);
  if (ex) return ex.parser(r.file_name);
  const byName: Record<string, PublisherParser<Located>> = {
    'lcd_x_hcpc_code.csv': mcdLcdCodeParser as PublisherParser<Located>,
    'article_x_hcpc_code.csv': mcdArticleCodeParser as PublisherParser<Located>,
    'lcd.csv': mcdLcdParser as PublisherParser<Located>,
    'article.csv': mcdArticleParser as PublisherParser<Located>,
    'lcd_x_contractor.csv': mcdLcdContractorParser as PublisherParser<Located>,
    'article_x_contractor.csv': mcdArticleContractorParser as PublisherParser<Located>,
    'contractor.csv': mcdContractorParser as PublisherParser<Located>,
    'contractor_jurisdiction.csv': mcdJurisdictionParser as PublisherParser<Located>,
  };
  const p = byName[r.file_name.toLowerCase()];
  if (!p) throw new Error(`no parser for ${r.doc_id} ${r.file_name}`);
  return p;
}

/** Re-parse archived bytes and return the row at the receipt's locator. */
export async function replayReceipt(bytes: Buffer, r: Receipt): Promise<Record<string, unknown> | undefined> {
  if (!r.locator) return undefined;
  const rec = await findByLocator(parserForReceipt(r), bytes, r.locator, { fileName: r.file_name });
  if (!rec) return undefined;
  const { locator: _l, ...rest } = rec as Located & Record<string, unknown>;
  return rest;
}

/** Every receipt in a JSON answer (facts' receipts and related receipts), wherever it sits. */
export function allReceipts(value: unknown, out: Receipt[] = []): Receipt[] {
  if (Array.isArray(value)) for (const v of value) allReceipts(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'receipt' && v && typeof v === 'object') out.push(v as Receipt);
      else if (k === 'related_receipts' && Array.isArray(v)) out.push(...(v as Receipt[]));
      else allReceipts(v, out);
    }
  }
  return out;
}
