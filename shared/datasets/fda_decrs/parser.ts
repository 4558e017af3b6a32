import { parseDate } from '../../publishers/common/dates';
import { delimitedRecords } from '../../publishers/common/delimited';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import type { EstablishmentRow } from '../../rx/establishment-rows';
import { DECRS_PARSER_HEAD } from './head';

const ID = DECRS_PARSER_HEAD.id;

/**
 * The columns of drls_reg.txt read here, by name (the header's names are trimmed: the live file
 * prints ` FEI_NUMBER`). The file's other columns, ESTABLISHMENT_CONTACT_NAME,
 * ESTABLISHMENT_CONTACT_EMAIL, AGENT_DETAILS, REGISTRANT_CONTACT_NAME and REGISTRANT_CONTACT_EMAIL,
 * name individuals and are never read.
 */
const REQUIRED = ['FEI_NUMBER', 'FIRM_NAME', 'ADDRESS', 'OPERATIONS'] as const;

/** `..., United States (USA)`: the country's name and its ISO-3 code close the address. */
const COUNTRY = /(?:^|,)\s*([^,()]*?)\s*\(([A-Za-z]{3})\)\s*$/;

/** The ISO-3 code and country name printed at the end of an address, or nulls. */
export function countryOf(address: string | null): { iso3: string | null; name: string | null } {
  const m = address ? COUNTRY.exec(address) : null;
  return m ? { iso3: m[2]!.toUpperCase(), name: m[1] || null } : { iso3: null, name: null };
}

/** `API MANUFACTURE; analysis;` -> ['API MANUFACTURE', 'ANALYSIS']: trimmed, upper case, inner spaces collapsed, each once. */
export function operationsOf(raw: string | null): string[] {
  const out = new Set<string>();
  for (const part of (raw ?? '').split(/[;|]/)) {
    const op = part.trim().replace(/\s+/g, ' ').toUpperCase();
    if (op) out.add(op);
  }
  return [...out];
}

const digits = (raw: string | null) => {
  const t = raw?.trim() ?? '';
  return t === '' ? null : t;
};

/**
 * FDA's Drug Establishments Current Registration Site file, drls_reg.txt (the member of
 * drls_reg.zip): tab-delimited, one header line, CRLF, no quoting, a trailing tab on data lines.
 * Windows-1252 (a UTF-8 BOM switches to UTF-8). Each line yields its establishment row, then one
 * row per business operation it lists (for the operations rollup); records are numbered across
 * both, so a locator names one row.
 */
async function* parseDecrs(input: ByteInput): AsyncGenerator<EstablishmentRow> {
  let record = 0;
  for await (const c of delimitedRecords(input, {
    delimiter: '\t',
    encoding: 'windows-1252',
    parserId: ID,
    required: REQUIRED,
  })) {
    const firm = text(c.get('FIRM_NAME'));
    const fei = digits(c.get('FEI_NUMBER'));
    const duns = digits(c.get('DUNS_NUMBER'));
    if (!firm && !fei && !duns) throw new PublisherFormatError(ID, c.line, 'a line with no FEI, DUNS or firm name');
    const address = text(c.get('ADDRESS'));
    const country = countryOf(address);
    const flag = text(c.get('EXCLUSION_FLAG'))?.toUpperCase() ?? null;
    const operations = operationsOf(c.get('OPERATIONS'));
    const row: EstablishmentRow = {
      kind: 'establishment',
      fei_number: fei,
      duns_number: duns,
      firm_name: firm,
      address,
      country_iso3: country.iso3,
      country_name: country.name,
      expiration_date: parseDate(c.get('EXPIRATION_DATE'), ID, c.line),
      operations,
      operation: null,
      registrant_name: text(c.get('REGISTRANT_NAME')),
      registrant_duns: digits(c.get('REGISTRANT_DUNS')),
      excluded: flag === 'Y' ? true : flag === 'N' ? false : null,
      locator: { line: c.line, record: ++record },
    };
    yield row;
    for (const operation of operations) {
      yield {
        ...row,
        kind: 'operation',
        firm_name: null,
        address: null,
        country_name: null,
        operations: [],
        operation,
        registrant_name: null,
        registrant_duns: null,
        locator: { line: c.line, record: ++record },
      };
    }
  }
}

export const decrsParser: PublisherParser<EstablishmentRow> = {
  ...DECRS_PARSER_HEAD,
  parse: (input) => parseDecrs(input),
  codesOf: () => [],
};
