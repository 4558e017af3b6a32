import { type FacilityRow, normalizeCcn } from '../../facilities/facility-rows';
import { zip5 } from '../../facilities/normalize';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { HOSPITAL_GENERAL_PARSER_HEAD } from './head';

const ID = HOSPITAL_GENERAL_PARSER_HEAD.id;

type Field = 'ccn' | 'name' | 'address' | 'city' | 'state' | 'zip' | 'county' | 'type' | 'ownership' | 'emergency';

/**
 * Column names per layout, read by header name. `pdc-2024`: the Provider Data Catalog file
 * (dataset xubh-q36u) since the "City/Town" and "County/Parish" renames; `hospital-compare`: the
 * older Hospital Compare names (`Provider ID`, `City`, `County Name`, `ZIP Code`). The first name
 * found wins, so a file of either layout reads the same.
 */
const LAYOUTS: Record<Field, readonly string[]> = {
  ccn: ['Facility ID', 'Provider ID'],
  name: ['Facility Name', 'Hospital Name'],
  address: ['Address'],
  city: ['City/Town', 'City'],
  state: ['State'],
  zip: ['ZIP Code'],
  county: ['County/Parish', 'County Name'],
  type: ['Hospital Type'],
  ownership: ['Hospital Ownership'],
  emergency: ['Emergency Services'],
};
const REQUIRED: readonly Field[] = ['ccn', 'name', 'state'];

function yesNo(raw: string): boolean | null {
  const v = raw.trim().toLowerCase();
  return v === 'yes' || v === 'y' ? true : v === 'no' || v === 'n' ? false : null;
}

async function* parseFacilities(input: ByteInput): AsyncGenerator<FacilityRow> {
  let pos: Record<Field, number> | null = null;
  let names: string[] = [];
  let record = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!pos) {
      const h = new HeaderIndex(f, ID, rec.line);
      pos = Object.fromEntries(
        (Object.keys(LAYOUTS) as Field[]).map((k) => [
          k,
          REQUIRED.includes(k) ? h.require(...LAYOUTS[k]) : h.find(...LAYOUTS[k]),
        ]),
      ) as Record<Field, number>;
      names = f.map((n) => n.trim());
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (k: Field) => at(f, pos![k]);
    const ccn = normalizeCcn(g('ccn'));
    if (!ccn) throw new PublisherFormatError(ID, rec.line, `Facility ID ${JSON.stringify(g('ccn'))} is not a CCN`);
    const name = text(g('name'));
    if (!name) throw new PublisherFormatError(ID, rec.line, 'Facility Name is empty');
    yield {
      ccn,
      facility_name: name,
      address: text(g('address')),
      city: text(g('city')),
      state: (text(g('state')) ?? '').toUpperCase(),
      zip: zip5(g('zip')),
      county: text(g('county')),
      hospital_type: text(g('type')),
      ownership: text(g('ownership')),
      emergency_services: yesNo(g('emergency')),
      source_row: Object.fromEntries(names.map((n, i) => [n, f[i] ?? ''])),
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

/** One row per hospital of the Hospital General Information file. */
export const hospitalGeneralParser: PublisherParser<FacilityRow> = {
  ...HOSPITAL_GENERAL_PARSER_HEAD,
  parse: (input) => parseFacilities(input),
  codesOf: () => [],
};
