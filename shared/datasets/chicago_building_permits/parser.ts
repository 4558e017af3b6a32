import { normalizeName } from '../../facilities/normalize';
import { PublisherFormatError } from '../../publishers/common/errors';
import { readJsonSet } from '../../publishers/common/json-set';
import type { ByteInput, ParseOptions, PublisherParser } from '../../publishers/common/types';
import { mergeFilings } from '../../signals/merge';
import type { SignalRow } from '../../signals/signal-rows';
import { CHICAGO_PERMITS_PARSER_HEAD } from './head';
import { CONTACT_NAME, PERMIT_FIELDS, type PermitField } from './layout';
import { categoryOf, healthWords } from './rules';

const ID = CHICAGO_PERMITS_PARSER_HEAD.id;
export const SOURCE_ID = 'chicago_building_permits';

// biome-ignore lint/suspicious/noExplicitAny: a published JSON object, read field by field with checks
type Obj = Record<string, any>;

function field(row: Obj, f: PermitField): string | null {
  for (const name of PERMIT_FIELDS[f]) {
    const v = row[name];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return null;
}

/** A SODA floating timestamp (`2024-01-05T00:00:00.000`) or a bare date to YYYY-MM-DD. */
function day(raw: string | null, line: number, what: string): string | null {
  if (raw === null) return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]+)?$/.exec(raw);
  if (!m) throw new PublisherFormatError(ID, line, `${what}: unreadable date ${JSON.stringify(raw)}`);
  return m[1]!;
}

/** Dollars from SODA's number text (`2500000`, `2500000.00`); a non-number is a format error. */
function dollars(raw: string | null, line: number): number | null {
  if (raw === null) return null;
  const n = Number(raw.replace(/[$,]/g, ''));
  if (!Number.isFinite(n))
    throw new PublisherFormatError(ID, line, `reported_cost ${JSON.stringify(raw)} is not a number`);
  return n;
}

const maxDate = (...ds: (string | null)[]) =>
  ds.filter((d): d is string => d !== null).reduce<string | null>((a, b) => (a === null || b > a ? b : a), null);

/**
 * One permit of the feed as a filing, or null when the health rule (./rules.ts) does not keep it.
 * `line` is the page number of the set; the address is street number, direction, name and suffix.
 */
export function permitFiling(v: unknown, line: number, record: number): SignalRow | null {
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new PublisherFormatError(ID, line, 'a row is not an object');
  const row = v as Obj;
  const permit = field(row, 'permit');
  if (!permit) throw new PublisherFormatError(ID, line, `row ${record} has no permit_`);
  const description = field(row, 'description');
  const contacts = Object.keys(row)
    .filter((k) => CONTACT_NAME.test(k))
    .sort((a, b) => Number(CONTACT_NAME.exec(a)![1]) - Number(CONTACT_NAME.exec(b)![1]))
    .map((k) => (typeof row[k] === 'string' ? (row[k] as string).trim() : ''))
    .filter((s) => s !== '');
  const inDescription = healthWords(description);
  const namedContact = contacts.find((c) => healthWords(normalizeName(c)).length > 0) ?? null;
  if (!inDescription.length && !namedContact) return null;
  const rule = [
    ...inDescription.map((w) => `work_description: ${w}`),
    ...(namedContact ? healthWords(normalizeName(namedContact)).map((w) => `contact name: ${w}`) : []),
  ];
  const address = [
    field(row, 'street_number'),
    field(row, 'street_direction'),
    field(row, 'street_name'),
    field(row, 'suffix'),
  ]
    .filter((s) => s !== null)
    .join(' ');
  const filed = day(field(row, 'filed'), line, 'application_start_date');
  const issued = day(field(row, 'issued'), line, 'issue_date');
  const permitType = field(row, 'permit_type');
  return {
    signal_id: `${SOURCE_ID}:${permit}`,
    source_id: SOURCE_ID,
    filing_id: permit,
    state: 'IL',
    city: 'CHICAGO',
    address: address || null,
    zip: null,
    named_party: namedContact,
    category: categoryOf(permitType, description),
    published_type: permitType,
    status: field(row, 'status'),
    description,
    value_usd: dollars(field(row, 'cost'), line),
    filed_date: filed,
    issued_date: issued,
    approved_date: null,
    latest_date: maxDate(filed, issued),
    health_rule: rule,
    merged_from: [],
    source_row: row,
    locator: { line, record },
  };
}

/**
 * A complete SODA walk of the permits resource (set manifest and its pages): the health-facility
 * permits, duplicate filings merged (shared/signals/merge.ts). The kept permits are few (the
 * request is pre-filtered), so they are gathered before the merge.
 */
async function* parseSet(input: ByteInput, options?: ParseOptions): AsyncGenerator<SignalRow> {
  const filings: SignalRow[] = [];
  for await (const e of readJsonSet(ID, input, [], options)) {
    const f = permitFiling(e.value, e.page, e.record);
    if (f) filings.push(f);
  }
  yield* mergeFilings(filings);
}

export const chicagoPermitsParser: PublisherParser<SignalRow> = {
  ...CHICAGO_PERMITS_PARSER_HEAD,
  parse: (input, options) => parseSet(input, options),
  codesOf: () => [],
};
