import { isValidNpi } from '../../codes/npi';
import { looksLikeOrganization } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { SAM_PARSER_HEAD } from './head';

const ID = SAM_PARSER_HEAD.id;

/**
 * GSA's SAM.gov Exclusions Public Extract (the daily `SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP`,
 * one CSV inside). Columns are found by name, so the layout family reads:
 *
 * - V2 (since the April 2022 move from DUNS to the Unique Entity ID): `Classification, Name,
 *   Prefix, First, Middle, Last, Suffix, Address 1..4, City, State / Province, Country, Zip Code,
 *   Open Data Flag, Blank (Deprecated), Unique Entity ID, Exclusion Program, Excluding Agency,
 *   CT Code, Exclusion Type, Additional Comments, Active Date, Termination Date, Record Status,
 *   Cross-Reference, SAM Number, CAGE, NPI, Creation_Date`;
 * - V1: the same with `DUNS` where V2 has `Unique Entity ID` (and without the two flag columns).
 *
 * Every value is double-quoted; dates are MM/DD/YYYY; `Termination Date` is a date or
 * `Indefinite`. `Classification` is `Individual`, `Firm`, `Special Entity Designation` or
 * `Vessel`: only `Individual` rows are people (First/Last), the others carry `Name`. Read as UTF-8.
 */
const REQUIRED = ['Classification', 'Name', 'First', 'Last', 'Excluding Agency', 'Exclusion Type', 'Active Date'];

/** Termination values that mean "no end date". */
const OPEN_ENDED = /^(indefinite|indefinitely|permanent|n\/a)$/i;

async function* parseSam(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let h: HeaderIndex | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!h) {
      h = new HeaderIndex(
        f.map((x) => x.replace(/^\uFEFF/, '')),
        ID,
        rec.line,
      );
      for (const c of REQUIRED) h.require(c);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const idx = h;
    const g = (...names: string[]) => text(at(f, idx.find(...names)));
    const r = emptyRecord('federal', null, { line: rec.line, record: ++count });
    const classification = g('Classification');
    const person = /^individual$/i.test(classification ?? '');
    const first = g('First');
    const middle = g('Middle');
    const last = g('Last');
    const entityName = g('Name');
    if (person) {
      if (!last && !first) throw new PublisherFormatError(ID, rec.line, 'an Individual row without First or Last');
      r.entity_type = 'individual';
      r.first_name = first;
      r.middle_name = middle;
      r.last_name = last;
      const given = [first, middle].filter(Boolean).join(' ');
      r.name = [last, given].filter(Boolean).join(', ') + (g('Suffix') ? ` ${g('Suffix')}` : '');
    } else {
      const name = entityName ?? [first, last].filter(Boolean).join(' ');
      if (!name) throw new PublisherFormatError(ID, rec.line, `a ${classification ?? 'row'} without Name`);
      r.entity_type = classification || looksLikeOrganization(name) ? 'organization' : 'unknown';
      r.organization_name = name;
      r.name = name;
    }
    const npi = g('NPI');
    r.npis = npi && isValidNpi(npi) ? [npi] : [];
    r.npi_text = npi && !isValidNpi(npi) ? npi : null;
    r.city = g('City');
    const country = g('Country');
    const region = g('State / Province', 'State');
    // A US address's state is a USPS code; a foreign province is not a state the matcher compares.
    r.state = region && (!country || country === 'USA') && /^[A-Z]{2}$/.test(region) ? region : null;
    r.zip = g('Zip Code');
    const agency = g('Excluding Agency');
    const type = g('Exclusion Type');
    const program = g('Exclusion Program');
    r.action = [type, [agency, program].filter(Boolean).join(', ')].filter(Boolean).join(' - ') || null;
    r.provider_type = null;
    r.start_date = parseDate(at(f, idx.find('Active Date')), ID, rec.line);
    const ends = at(f, idx.find('Termination Date')).trim();
    if (OPEN_ENDED.test(ends)) r.end_note = ends;
    else r.end_date = parseDate(ends, ID, rec.line);
    yield r;
  }
  if (!h) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const samParser: PublisherParser<ExclusionRecord> = {
  ...SAM_PARSER_HEAD,
  parse: (input) => parseSam(input),
  codesOf: () => [],
};
