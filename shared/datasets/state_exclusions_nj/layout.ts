import { looksLikeOrganization } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn, stateCode } from '../../state-exclusions/fields';
import { defineLayout } from '../../state-exclusions/layout';
import { njHead } from './head';

const ID = njHead.id;

/**
 * New Jersey Medicaid exclusion list: ASCII CSV, LF, header `Provider Name,Title,NPI,Street,City,
 * State,Zip,Action,Effective Date,Expiration Date`. People are `"LAST, FIRST M."` (a `Title` such
 * as `RPH` or `CHHA` when published); firms are printed as named. ZIPs keep leading zeros. The
 * expiration is a date, blank, `PERMANENT` or `DECEASED`.
 */
async function* parseNj(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let h: HeaderIndex | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'windows-1252', ID)) {
    const f = rec.fields;
    if (!h) {
      h = new HeaderIndex(f, ID, rec.line);
      for (const c of ['Provider Name', 'NPI', 'State', 'Action', 'Effective Date', 'Expiration Date']) h.require(c);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (c: string) => clean(at(f, h!.find(c)));
    const name = g('Provider Name');
    if (!name) throw new PublisherFormatError(ID, rec.line, 'Provider Name is empty');
    const title = g('Title');
    const r = emptyRecord('state', 'NJ', { line: rec.line, record: ++count });
    r.name = name;
    const comma = name.indexOf(',');
    if (!looksLikeOrganization(name) && (title || comma > 0)) {
      r.entity_type = 'individual';
      r.last_name = comma > 0 ? name.slice(0, comma).trim() : name;
      const given =
        comma > 0
          ? name
              .slice(comma + 1)
              .trim()
              .split(/\s+/)
          : [];
      r.first_name = given[0] || null;
      r.middle_name = given.slice(1).join(' ') || null;
    } else {
      r.entity_type = looksLikeOrganization(name) ? 'organization' : 'unknown';
      r.organization_name = name;
    }
    const ids = npisIn(at(f, h.find('NPI')));
    r.npis = ids.npis;
    r.npi_text = ids.text;
    r.provider_type = title;
    r.city = g('City');
    r.state = stateCode(g('State'));
    r.zip = g('Zip');
    r.action = g('Action');
    r.start_date = dateCell(at(f, h.find('Effective Date')), ID, rec.line).date;
    const end = dateCell(at(f, h.find('Expiration Date')), ID, rec.line);
    r.end_date = end.date;
    r.end_note = end.note;
    yield r;
  }
  if (!h) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const njLayout = defineLayout({ ...njHead, parse: parseNj });
