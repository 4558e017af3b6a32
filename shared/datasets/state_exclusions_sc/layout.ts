import { looksLikeOrganization, personParts } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn, stateCode } from '../../state-exclusions/fields';
import { headedRows } from '../../state-exclusions/header';
import { defineLayout } from '../../state-exclusions/layout';
import { scHead } from './head';

const ID = scHead.id;

/** Header names of the list's columns over its versions, matched on the normalized header text. */
const COLUMNS = {
  name: /^(individual\s*\/+\s*entity|individual or entity|provider name|name)$/,
  npi: /^npi\b/,
  city: /^city$/,
  state: /^state$/,
  zip: /^zip( code)?$/,
  type: /profession|provider type/,
  action: /^(excluded\/terminated|terminated\/excluded|action|status|sanction)$/,
  date: /^(action date|date excluded|exclusion date|effective date)$/,
};

/** The list's words for "no NPI" (`Not Found`, `No NPI`, and their misspellings). */
const NO_NPI = /^(not?|no)\s+(found|npi)$/i;
const ALIAS = /\s+(?:a\.?k\.?a\b\.?|f\/k\/a|d\/b\/a|dba\b\.?)\s*/i;
/** Provider types of people, for the few people printed without the comma (`Stewart Denise`). */
const PERSON_TYPE = /^(employee|ind-|individual|physician \(|private cit)/i;

/**
 * South Carolina DHHS list of sanctioned individuals and entities: two title rows (`Reviewed and
 * Updated: <date>`, the list's title), then the header `Individual//Entity, NPI, City, State, Zip,
 * Last Known Profession/Provider Type, Excluded/Terminated, Action Date` (older lists: `Date
 * Excluded`). One name column: people `Last, First M.` (credentials and suffixes as their own
 * comma parts: `Fisgus, MD, C. Wayne`, `Cox, Ralph J., III`), businesses as named; a business
 * sanctioned under several provider types has a row per type. NPIs are text or numbers, or `Not
 * Found`; the state cell may be space-padded. Dates are Excel serials.
 */
async function* parseSc(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let count = 0;
  for await (const row of headedRows(input, {
    parserId: ID,
    columns: COLUMNS,
    anchor: ['name'],
    required: { npi: 'NPI', date: 'Action Date' },
  })) {
    const { line } = row;
    const g = row.get;
    const name = clean(g('name'));
    if (!name) throw new PublisherFormatError(ID, line, 'Individual//Entity is empty');
    const r = emptyRecord('state', 'SC', { line, record: ++count });
    const type = clean(g('type'));
    nameRow(r, name, type);
    const npi = clean(g('npi'));
    const ids = npisIn(npi && NO_NPI.test(npi) ? null : g('npi'));
    r.npis = ids.npis;
    r.npi_text = ids.text;
    r.city = clean(g('city'));
    r.state = stateCode(clean(g('state')));
    r.zip = clean(g('zip'));
    r.provider_type = type;
    r.action = clean(g('action'));
    r.start_date = dateCell(g('date'), ID, line, row.date1904).date;
    yield r;
  }
}

/** Names a record from the one name column and the provider type. */
function nameRow(r: ExclusionRecord, name: string, type: string | null): void {
  const [main, ...aliases] = name.split(ALIAS).map((s) => s.trim());
  r.name = name;
  r.other_names = aliases.filter(Boolean);
  const parts = main!
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && personParts(s).length > 0);
  if (main!.includes(',') && !looksLikeOrganization(main)) {
    r.entity_type = 'individual';
    if (parts.length === 1) {
      // `Ronald G. Degarmo, DO`: first name first, the credential after the comma.
      const w = personParts(parts[0]);
      r.first_name = w[0] ?? null;
      r.last_name = w.length > 1 ? w[w.length - 1]! : null;
      r.middle_name = w.slice(1, -1).join(' ') || null;
    } else {
      const given = personParts(parts.slice(1).join(' '));
      r.last_name = personParts(parts[0]).join(' ') || parts[0]!;
      r.first_name = given[0] ?? null;
      r.middle_name = given.slice(1).join(' ') || null;
    }
  } else if (!main!.includes(',') && type && PERSON_TYPE.test(type) && !looksLikeOrganization(main)) {
    // `Gillis Jacinta Irene`: a person printed without the comma, last name first.
    const w = personParts(main);
    r.entity_type = 'individual';
    r.last_name = w[0] ?? null;
    r.first_name = w[1] ?? null;
    r.middle_name = w.slice(2).join(' ') || null;
  } else {
    // The list prints people with a comma: a name without one, or with a business word, is a business.
    r.entity_type = 'organization';
    r.organization_name = main!;
  }
}

export const scLayout = defineLayout({ ...scHead, parse: parseSc });
