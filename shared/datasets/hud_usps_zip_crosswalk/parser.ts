import { cellText, openWorkbook } from '../../formats/xlsx';
import { toChunks } from '../../publishers/common/bytes';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { ZIP_CROSSWALK_PARSER_HEAD, type ZipCrosswalkRecord } from './head';

const ID = ZIP_CROSSWALK_PARSER_HEAD.id;

/**
 * Column names by layout: HUD's files from 2020 on use upper-case names and add the USPS preferred
 * city and state; earlier files use lower-case names without them (the header is matched without
 * regard to case, so one map serves both). The geography column is `COUNTY` (5-digit FIPS) in the
 * ZIP_COUNTY files and `CBSA` (5-digit code, 99999 outside any CBSA) in the ZIP_CBSA files.
 */
const COLUMNS = {
  zip: ['ZIP'],
  county: ['COUNTY', 'GEOID'],
  cbsa: ['CBSA'],
  city: ['USPS_ZIP_PREF_CITY'],
  state: ['USPS_ZIP_PREF_STATE'],
  res: ['RES_RATIO'],
  bus: ['BUS_RATIO'],
  oth: ['OTH_RATIO'],
  tot: ['TOT_RATIO'],
} as const;

async function wholeBuffer(input: ByteInput): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input;
  const parts: Buffer[] = [];
  for await (const c of toChunks(input)) parts.push(c);
  return Buffer.concat(parts);
}

const digits = (raw: string, width: number) => {
  const t = raw.trim().replace(/\.0+$/, '');
  return /^\d+$/.test(t) && t.length <= width ? t.padStart(width, '0') : null;
};

function ratio(raw: string, line: number): number {
  const t = raw.trim();
  if (t === '') return 0;
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0 || n > 1.000001)
    throw new PublisherFormatError(ID, line, `ratio ${JSON.stringify(t)} is not between 0 and 1`);
  return n;
}

/**
 * The rows of a HUD USPS ZIP crosswalk workbook (first sheet, header in row 1), streamed row by row:
 * one row per (ZIP, county) or (ZIP, CBSA) pair with the shares of the ZIP's residential, business,
 * other and total addresses that fall in that geography. ZIPs and codes keep their leading zeros
 * (HUD stores them as text; a numeric cell is padded back to 5 digits).
 */
async function* parseCrosswalk(input: ByteInput): AsyncGenerator<ZipCrosswalkRecord> {
  const wb = await openWorkbook(await wholeBuffer(input));
  try {
    let pos: Record<keyof typeof COLUMNS, number> | null = null;
    let kind: 'county' | 'cbsa' = 'county';
    let count = 0;
    for await (const r of wb.rows(0)) {
      const f = r.cells.map((c) => (typeof c === 'number' ? String(c) : cellText(c)));
      const line = r.index + 1;
      if (!pos) {
        const h = new HeaderIndex(f, ID, line);
        pos = Object.fromEntries(Object.entries(COLUMNS).map(([k, names]) => [k, h.find(...names)])) as Record<
          keyof typeof COLUMNS,
          number
        >;
        if (pos.zip < 0) throw new PublisherFormatError(ID, line, 'missing column "ZIP"');
        if (pos.county < 0 && pos.cbsa < 0)
          throw new PublisherFormatError(ID, line, 'missing column "COUNTY" or "CBSA"');
        if (pos.county < 0) kind = 'cbsa';
        continue;
      }
      if (f.every((x) => x.trim() === '')) continue;
      const zip = digits(at(f, pos.zip), 5);
      const code = digits(at(f, kind === 'county' ? pos.county : pos.cbsa), 5);
      if (!zip || !code) throw new PublisherFormatError(ID, line, `ZIP or ${kind.toUpperCase()} is not a 5-digit code`);
      yield {
        zip,
        geo_kind: kind,
        geo_code: code,
        usps_zip_pref_city: at(f, pos.city).trim() || null,
        usps_zip_pref_state: at(f, pos.state).trim() || null,
        res_ratio: ratio(at(f, pos.res), line),
        bus_ratio: ratio(at(f, pos.bus), line),
        oth_ratio: ratio(at(f, pos.oth), line),
        tot_ratio: ratio(at(f, pos.tot), line),
        locator: { line, record: ++count },
      };
    }
    if (!pos) throw new PublisherFormatError(ID, 1, 'empty workbook: no header');
  } finally {
    wb.close();
  }
}

export const zipCrosswalkParser: PublisherParser<ZipCrosswalkRecord> = {
  ...ZIP_CROSSWALK_PARSER_HEAD,
  parse: (input) => parseCrosswalk(input),
  codesOf: () => [],
};
