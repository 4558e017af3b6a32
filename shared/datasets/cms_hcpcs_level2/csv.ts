import { csvRecords } from '../../publishers/common/csv';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { type HcpcsRecord, hcpcsCodes } from './record';
import { hcpcsTableRecords, type TableRow } from './table';

const ID = 'cms_hcpcs_level2/anweb-csv';

async function* rows(input: ByteInput): AsyncGenerator<TableRow> {
  for await (const rec of csvRecords(input, 'windows-1252', ID)) yield { fields: rec.fields, line: rec.line };
}

/**
 * The CSV form of the ANWEB file (the publisher's XLSX saved as CSV, Windows-1252): the columns
 * and rows of ./table.ts, one CSV record per row; the locator's line is the record's first
 * physical line. Title lines before the header are skipped. Records equal the fixed-width parser's.
 */
export const hcpcsCsvParser: PublisherParser<HcpcsRecord> = {
  id: ID,
  version: '2',
  parse: (input) => hcpcsTableRecords(rows(input), ID),
  codesOf: hcpcsCodes,
};
