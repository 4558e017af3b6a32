import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex, normalizeName } from '../../publishers/common/header';
import type { ByteInput, Located, PublisherParser } from '../../publishers/common/types';

const ID = 'cms_dmepos_fee_schedule/rural-zip-csv';

/** One rural ZIP code: the rural fee columns apply to claims from it. ZIPs keep their leading zeros. */
export interface RuralZipRecord extends Located {
  state: string;
  zip: string;
  /** The file's YEAR/QTR column, e.g. `202501`. */
  year_quarter: string;
}

/** "DME Rural ZIP Code Quarter N, YYYY.csv": header `STATE,DMEPOS RURAL ZIP CODE,YEAR/QTR`. */
async function* parseRuralZips(input: ByteInput): AsyncGenerator<RuralZipRecord> {
  let cols: { state: number; zip: number; yq: number } | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'windows-1252', ID)) {
    const f = rec.fields;
    if (!cols) {
      if (normalizeName(f[0] ?? '') !== 'state') continue;
      const h = new HeaderIndex(f, ID, rec.line);
      cols = { state: h.require('STATE'), zip: h.require('DMEPOS RURAL ZIP CODE'), yq: h.require('YEAR/QTR') };
      continue;
    }
    if (isBlankRecord(f)) continue;
    const zip = at(f, cols.zip).trim();
    if (!/^\d{5}$/.test(zip)) throw new PublisherFormatError(ID, rec.line, `not a 5-digit ZIP: ${JSON.stringify(zip)}`);
    yield {
      state: at(f, cols.state).trim().toUpperCase(),
      zip,
      year_quarter: at(f, cols.yq).trim(),
      locator: { line: rec.line, record: ++count },
    };
  }
  if (!cols) throw new PublisherFormatError(ID, 1, 'no header row starting with STATE');
}

export const dmeposRuralZipParser: PublisherParser<RuralZipRecord> = {
  id: ID,
  version: '1',
  parse: (input) => parseRuralZips(input),
  codesOf: () => [],
};
