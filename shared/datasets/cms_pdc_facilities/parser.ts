import { normalizeCcn } from '../../facilities/facility-rows';
import { zip5 } from '../../facilities/normalize';
import { FACILITY_TYPES, type FacilityType, normalizeOwnership, type PdcFacilityRow } from '../../facilities/pdc-rows';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { PDC_PARSER_HEADS } from './head';

type Field =
  | 'ccn'
  | 'name'
  | 'address'
  | 'address2'
  | 'city'
  | 'state'
  | 'zip'
  | 'county'
  | 'phone'
  | 'ownership'
  | 'certified'
  | 'capacity';
type ColumnMap = Readonly<Partial<Record<Field, readonly string[]>>>;

/**
 * Column names per file, read by header name; in each list the current Provider Data Catalog name
 * comes first and the older Care Compare names follow (the first name found wins, so a release of
 * either layout reads the same). The PDC renames of 2020-2021 moved every file to
 * `CMS Certification Number (CCN)`, `City/Town`, `ZIP Code`, `County/Parish`, `Telephone Number`;
 * the nursing-home file kept its `Provider ...` names until then (`Federal Provider Number`,
 * `Provider City`, `Provider Zip Code`, `Provider County Name`, as in the August 2021 sample).
 */
const COMMON: ColumnMap = {
  ccn: ['CMS Certification Number (CCN)', 'Provider Number', 'CCN'],
  name: ['Facility Name', 'Provider Name'],
  address: ['Address Line 1', 'Address'],
  address2: ['Address Line 2'],
  city: ['City/Town', 'City'],
  state: ['State'],
  zip: ['ZIP Code', 'Zip Code', 'Zip'],
  county: ['County/Parish', 'County Name', 'County'],
  phone: ['Telephone Number', 'Phone Number', 'Phone'],
  ownership: ['Ownership Type'],
  certified: ['Certification Date'],
};

export const COLUMN_MAPS: Record<FacilityType, ColumnMap> = {
  nursing_home: {
    ...COMMON,
    ccn: ['CMS Certification Number (CCN)', 'Federal Provider Number'],
    name: ['Provider Name'],
    address: ['Provider Address'],
    city: ['City/Town', 'Provider City'],
    state: ['State', 'Provider State'],
    zip: ['ZIP Code', 'Provider Zip Code'],
    county: ['County/Parish', 'Provider County Name'],
    phone: ['Telephone Number', 'Provider Phone Number'],
    ownership: ['Ownership Type'],
    certified: ['Date First Approved to Provide Medicare and Medicaid Services'],
    capacity: ['Number of Certified Beds'],
  },
  hospice: COMMON,
  home_health: { ...COMMON, name: ['Provider Name'], address: ['Address'], ownership: ['Type of Ownership'] },
  dialysis: {
    ...COMMON,
    ownership: ['Profit or Non-Profit'],
    capacity: ['# of Dialysis Stations', 'Number of Dialysis Stations'],
  },
  irf: COMMON,
  ltch: COMMON,
};

const REQUIRED: readonly Field[] = ['ccn', 'name', 'state'];

function facilityParser(type: FacilityType): PublisherParser<PdcFacilityRow> {
  const head = PDC_PARSER_HEADS[type];
  const ID = head.id;
  const map = COLUMN_MAPS[type];
  async function* parse(input: ByteInput): AsyncGenerator<PdcFacilityRow> {
    let pos: Record<Field, number> | null = null;
    let record = 0;
    // The files are Windows-1252 (the nursing-home sample's 0x92 apostrophe); ASCII reads the same.
    for await (const rec of csvRecords(input, 'windows-1252', ID)) {
      const f = rec.fields;
      if (!pos) {
        const h = new HeaderIndex(f, ID, rec.line);
        pos = Object.fromEntries(
          (Object.keys(map) as Field[]).map((k) => [
            k,
            REQUIRED.includes(k) ? h.require(...map[k]!) : h.find(...map[k]!),
          ]),
        ) as Record<Field, number>;
        continue;
      }
      if (isBlankRecord(f)) continue;
      const g = (k: Field) => (pos![k] === undefined ? '' : at(f, pos![k]));
      const ccn = normalizeCcn(g('ccn'));
      if (!ccn) throw new PublisherFormatError(ID, rec.line, `CCN ${JSON.stringify(g('ccn'))} is not 6 characters`);
      const name = text(g('name'));
      if (!name) throw new PublisherFormatError(ID, rec.line, 'facility name is empty');
      const county = text(g('county'));
      const ownership = text(g('ownership'));
      const capacity = text(g('capacity'));
      const cap = capacity === null || capacity === '.' ? null : Number(capacity.replace(/,/g, ''));
      if (cap !== null && !Number.isFinite(cap)) {
        throw new PublisherFormatError(ID, rec.line, `capacity ${JSON.stringify(capacity)} is not a number`);
      }
      const street = [text(g('address')), text(g('address2'))].filter(Boolean).join(', ');
      yield {
        facility_type: type,
        ccn,
        name,
        address: street || null,
        city: text(g('city')),
        state: (text(g('state')) ?? '').toUpperCase(),
        zip: zip5(g('zip')),
        county,
        county_key: county ? county.replace(/\s+/g, ' ').toUpperCase() : null,
        phone: text(g('phone')),
        ownership: normalizeOwnership(ownership),
        ownership_published: ownership,
        certification_date: parseDate(g('certified'), ID, rec.line),
        capacity: cap,
        status: 'active',
        end_date: null,
        last_release: null,
        locator: { line: rec.line, record: ++record },
      };
    }
    if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
  }
  return { ...head, parse: (input) => parse(input), codesOf: () => [] };
}

/** One parser per facility file, each reading its own column map. */
export const pdcFacilityParsers = Object.fromEntries(FACILITY_TYPES.map((t) => [t, facilityParser(t)])) as Record<
  FacilityType,
  PublisherParser<PdcFacilityRow>
>;
