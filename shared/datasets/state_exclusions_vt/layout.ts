import { looksLikeOrganization, personParts, words } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { cellText } from '../../formats/xlsx';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn, stateCode } from '../../state-exclusions/fields';
import { headedRows } from '../../state-exclusions/header';
import { defineLayout } from '../../state-exclusions/layout';
import { vtHead } from './head';

const ID = vtHead.id;

/** Header names of the list's columns over its versions, matched on the normalized header text. */
const COLUMNS = {
  npi: /npi/,
  name: /^provider (full )?name$/,
  type: /^provider type$/,
  city: /city/,
  state: /^(provider )?state$/,
  reason: /reason|cause/,
  start: /effective date/,
  end: /end date/,
  reinstated: /reinstatement/,
};

/** Credentials the list prints after the given names, beyond the ones names.ts knows. */
const TITLES = new Set(['PSY', 'LICSW', 'LCMHC', 'LMHC', 'LADC', 'MDDPH', 'BSLM', 'CNM', 'PMHNP', 'ND']);
/** End dates past this are the list's "no end" sentinel (serial 176413, 2382-12-31). */
const NO_END_AFTER = '2199-12-31';

/**
 * Vermont DVHA monthly list of for-cause exclusions: sheet `Excluded Providers`; row 1 holds an
 * error cell (`#VALUE!`) and the title (`… - May 2026`); the header in row 2 is `VT Medicaid
 * Provider ID, Provider NPI, Provider Full Name, Provider Type, Provider City, State, State, Reason
 * or "Cause" for Exclusion, Provider Exclusion Status Effective Date, … End Date, Reinstatement
 * Date …`: the second `State` column holds the reason's two-digit code, which the reason text
 * repeats. Text is space-padded fixed-width; people are `LAST,FIRST MI CREDENTIAL` (`SANBORN
 * III,DONALD E PSY D`), businesses have no comma (or a legal form after it). Dates are Excel
 * serials; an end date in year 2382 means no end. Below the table, after a blank row, come notes
 * and a key in column A, which are not records. The Medicaid provider ID has no field in the record.
 */
async function* parseVt(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let count = 0;
  for await (const row of headedRows(input, {
    parserId: ID,
    columns: COLUMNS,
    anchor: ['name'],
    required: { start: 'Provider Exclusion Status Effective Date', npi: 'Provider NPI' },
  })) {
    const { cells, line, col } = row;
    const filled = cells.filter((c) => cellText(c).trim() !== '').length;
    if (filled === 0) continue;
    const g = row.get;
    const name = clean(g('name'));
    if (!name) {
      // A note or the key under the table: text in column A only.
      if (filled === 1 && clean(cells[0]) && col.name !== 0) continue;
      throw new PublisherFormatError(ID, line, 'Provider Full Name is empty');
    }
    const r = emptyRecord('state', 'VT', { line, record: ++count });
    nameRow(r, name);
    const ids = npisIn(g('npi'));
    r.npis = ids.npis;
    r.npi_text = ids.text;
    r.provider_type = clean(g('type'));
    r.city = clean(g('city'));
    r.state = stateCode(clean(g('state')));
    r.action = clean(g('reason'));
    r.start_date = dateCell(g('start'), ID, line, row.date1904).date;
    const end = dateCell(g('end'), ID, line, row.date1904);
    const reinstated = dateCell(g('reinstated'), ID, line, row.date1904);
    r.end_date = reinstated.date ?? (end.date && end.date <= NO_END_AFTER ? end.date : null);
    r.end_note = reinstated.note ?? end.note;
    yield r;
  }
}

/** `LAST,FIRST MI CREDENTIAL` people; businesses (no comma, or a legal form after it). */
function nameRow(r: ExclusionRecord, name: string): void {
  r.name = name;
  const comma = name.indexOf(',');
  if (comma > 0 && !looksLikeOrganization(name)) {
    r.entity_type = 'individual';
    const lastRaw = name.slice(0, comma).trim();
    r.last_name = personParts(lastRaw).join(' ') || lastRaw;
    const tokens = name
      .slice(comma + 1)
      .split(/\s+/)
      .filter((t) => words(t).length > 0);
    // The credential starts at the first word (after the first name) that is a title or suffix.
    const isTitle = (t: string) => {
      const k = words(t).join('');
      return k.length > 1 && (personParts(t).length === 0 || TITLES.has(k));
    };
    const end = tokens.findIndex((t, k) => k > 0 && isTitle(t));
    r.first_name = tokens[0] ?? null;
    r.middle_name = tokens.slice(1, end < 0 ? undefined : end).join(' ') || null;
  } else {
    r.entity_type = looksLikeOrganization(name) ? 'organization' : 'unknown';
    r.organization_name = name;
  }
}

export const vtLayout = defineLayout({ ...vtHead, parse: parseVt });
