import type { ChowFacilityType, ChowParty, ChowRow } from '../../companies/chow-rows';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { CHOW_HEADS } from './head';

/**
 * The Hospital and SNF Change of Ownership CSVs of data.cms.gov, read by header name as the data
 * dictionaries name them ("Hospital CHOW Data Dictionary", 2022-12-30; "SNF CHOW Data Dictionary"):
 * `ENROLLMENT ID - BUYER`, `ENROLLMENT STATE - BUYER`, `PROVIDER TYPE TEXT - BUYER`, `NPI - BUYER`,
 * `CCN - BUYER`, `ASSOCIATE ID - BUYER`, `ORGANIZATION NAME - BUYER`, `DOING BUSINESS AS NAME - BUYER`,
 * `CHOW TYPE CODE`, `CHOW TYPE TEXT`, `EFFECTIVE DATE`, and the same for the seller. Names are
 * compared without hyphens and spacing (`ORGANIZATION NAME BUYER` reads the same column).
 */
const PARTY = {
  enrollment_id: 'ENROLLMENT ID',
  enrollment_state: 'ENROLLMENT STATE',
  provider_type: 'PROVIDER TYPE TEXT',
  npi: 'NPI',
  ccn: 'CCN',
  associate_id: 'ASSOCIATE ID',
  organization_name: 'ORGANIZATION NAME',
  doing_business_as: 'DOING BUSINESS AS NAME',
} as const satisfies Record<keyof ChowParty, string>;

const squash = (n: string) =>
  n
    .replace(/^\uFEFF/, '')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toUpperCase();

async function* parseChow(input: ByteInput, facility: ChowFacilityType): AsyncGenerator<ChowRow> {
  const ID = CHOW_HEADS[facility].id;
  let cols: {
    buyer: Record<string, number>;
    seller: Record<string, number>;
    code: number;
    type: number;
    date: number;
  } | null = null;
  let record = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!cols) {
      const h = new HeaderIndex(f.map(squash), ID, rec.line);
      const side = (s: 'BUYER' | 'SELLER', required: boolean) =>
        Object.fromEntries(
          Object.entries(PARTY).map(([k, name]) => [
            k,
            required && k === 'enrollment_id' ? h.require(`${name} ${s}`) : h.find(`${name} ${s}`),
          ]),
        );
      cols = {
        buyer: side('BUYER', true),
        seller: side('SELLER', true),
        code: h.find('CHOW TYPE CODE'),
        type: h.find('CHOW TYPE TEXT'),
        date: h.require('EFFECTIVE DATE'),
      };
      continue;
    }
    if (isBlankRecord(f)) continue;
    const party = (c: Record<string, number>): ChowParty =>
      Object.fromEntries(Object.keys(PARTY).map((k) => [k, text(at(f, c[k]!))])) as unknown as ChowParty;
    const buyer = party(cols.buyer);
    const seller = party(cols.seller);
    if (buyer.ccn) buyer.ccn = buyer.ccn.padStart(6, '0');
    if (seller.ccn) seller.ccn = seller.ccn.padStart(6, '0');
    if (!buyer.enrollment_id && !seller.enrollment_id)
      throw new PublisherFormatError(ID, rec.line, 'neither ENROLLMENT ID - BUYER nor - SELLER is filled');
    const effective = parseDate(at(f, cols.date), ID, rec.line);
    record++;
    yield {
      facility_type: facility,
      event_id: `${buyer.enrollment_id ?? '-'}:${seller.enrollment_id ?? '-'}:${effective ?? '-'}:${record}`,
      chow_type_code: text(at(f, cols.code)),
      chow_type: text(at(f, cols.type)),
      effective_date: effective,
      buyer,
      seller,
      locator: { line: rec.line, record },
    };
  }
}

const parserOf = (facility: ChowFacilityType): PublisherParser<ChowRow> => ({
  id: CHOW_HEADS[facility].id,
  version: CHOW_HEADS[facility].version,
  parse: (input) => parseChow(input, facility),
  codesOf: () => [],
});

/** One parser per file (the facility type is the file's, not a column). */
export const chowParsers: Record<ChowFacilityType, PublisherParser<ChowRow>> = {
  hospital: parserOf('hospital'),
  snf: parserOf('snf'),
};
