import { looksLikeOrganization, personParts, words } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { cellText } from '../../formats/xlsx';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn } from '../../state-exclusions/fields';
import { headedRows } from '../../state-exclusions/header';
import { defineLayout } from '../../state-exclusions/layout';
import { waHead } from './head';

const ID = waHead.id;

/** Header names of the list's columns over its versions, matched on the normalized header text. */
const COLUMNS = {
  name: /^(provider )?name$/,
  license: /^license/,
  npi: /npi|p1/,
  date: /date of exclusion|exclusion date|effective date|date of action/,
  action: /^action( taken)?$/,
};

/** Credentials printed after the given names, beyond the ones names.ts knows. */
const TITLES = new Set([
  'ARNP',
  'LMHC',
  'MHC',
  'AUD',
  'LD',
  'ML',
  'SUDP',
  'CDP',
  'PSY',
  'MW',
  'LM',
  'AAC',
  'SW',
  'LICSW',
]);
const SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV']);
const DBA = /\s*\bd\/?b\/?a\b\.?:?\s*/i;

/**
 * Washington HCA provider termination and exclusion list: a title row, `Updated <date>` and a
 * blank row, then the header `Name, License #, NPI # or P1 #, Date of Exclusion, Action`. People
 * are `Last, First M. CREDENTIAL` (`Ensign, Scott Orin, PT`); the credential, as printed, is the
 * provider type. A name cell may hold several lines: a practice with its practitioner (`Alfa
 * Dental and Denture Center\nHinkle, Svetlana L. DN`: both, so the record reads both ways, entity
 * type `unknown`) or a `dba:` name. The NPI cell holds NPIs and Provider One numbers (`P1 -
 * 1027986`), several on separate lines; the license cell can hold `NA`, `None` or an NPI. Dates
 * are Excel serials.
 */
async function* parseWa(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let count = 0;
  for await (const row of headedRows(input, {
    parserId: ID,
    columns: COLUMNS,
    anchor: ['name'],
    required: { npi: 'NPI # or P1 #', date: 'Date of Exclusion' },
  })) {
    const { line } = row;
    const g = row.get;
    const lines = cellText(g('name'))
      .split(/\r?\n/)
      .map((s) => clean(s.replace(/\/\s*$/, '')))
      .filter((s): s is string => !!s);
    if (!lines.length) throw new PublisherFormatError(ID, line, 'Name is empty');
    const r = emptyRecord('state', 'WA', { line, record: ++count });
    nameRow(r, lines);
    const license = clean(g('license'));
    const ids = npisIn(g('npi'));
    const licenseIsNpi = !!license && /^npi\b/i.test(license);
    r.npis = [...new Set([...ids.npis, ...(licenseIsNpi ? npisIn(license).npis : [])])];
    r.npi_text = ids.text;
    r.license_number = licenseIsNpi ? null : license;
    r.action = clean(g('action'));
    r.start_date = dateCell(g('date'), ID, line, row.date1904).date;
    yield r;
  }
}

const isPerson = (s: string) => s.includes(',') && !looksLikeOrganization(s);

/** Names a record from the lines of its name cell: the first person and the first business decide. */
function nameRow(r: ExclusionRecord, lines: string[]): void {
  r.name = lines.join('; ');
  const names: string[] = [];
  const aliases: string[] = [];
  for (const l of lines) {
    const [main, ...dba] = l.split(DBA).map((s) => s.trim());
    if (main) names.push(main);
    aliases.push(...dba.filter(Boolean));
  }
  const person = names.find(isPerson);
  const business = names.find((n) => !isPerson(n));
  if (person) {
    r.entity_type = business ? 'unknown' : 'individual';
    const parts = person
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Comma parts that are only credentials (`Ensign, Scott Orin, PT`) go to the title.
    const kept = parts.slice(1).filter((p) => personParts(p).length > 0);
    const credentials = parts.slice(1).filter((p) => personParts(p).length === 0);
    const tokens = kept
      .join(' ')
      .split(/\s+/)
      .filter((t) => words(t).length > 0);
    const key = (t: string) => words(t).join('');
    const isTitle = (t: string) =>
      key(t).length > 1 && !SUFFIXES.has(key(t)) && (personParts(t).length === 0 || TITLES.has(key(t)));
    const end = tokens.findIndex((t, k) => k > 0 && isTitle(t));
    const given = end < 0 ? tokens : tokens.slice(0, end);
    r.last_name = personParts(parts[0]).join(' ') || parts[0]!;
    r.first_name = given[0] ?? null;
    r.middle_name =
      given
        .slice(1)
        .filter((t) => !SUFFIXES.has(key(t)))
        .join(' ') || null;
    const title = [...(end < 0 ? [] : tokens.slice(end)), ...credentials].filter((t) => !SUFFIXES.has(key(t)));
    r.provider_type = title.join(' ') || null;
  } else r.entity_type = 'organization';
  if (business) r.organization_name = business;
  r.other_names = [...names.filter((n) => n !== person && n !== business), ...aliases];
}

export const waLayout = defineLayout({ ...waHead, parse: parseWa });
