import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn, stateCode } from '../../state-exclusions/fields';
import { defineLayout } from '../../state-exclusions/layout';
import { paHead } from './head';

const ID = paHead.id;

/**
 * PA DHS Medicheck precluded-provider list. Two generations share the column names: the 2016
 * `medicheck.txt` (Latin-1, every text value quoted, dates `9/3/1997 0:00:00`, 17 columns) and the
 * 2026 CSV (UTF-8, quoted only when needed, dates M/D/YYYY, adds `NBR_FEIN`). Names are split into
 * `NAM_*` columns (`ProviderName` is the display form `Last, First M., Title`); a business has
 * `NAM_BUSNS_MP` and no first name. `CAO` is the county assistance office, or `Out of State (NJ)`.
 */
async function* parsePa(input: ByteInput, fileName?: string): AsyncGenerator<ExclusionRecord> {
  const encoding = fileName && /\.txt$/i.test(fileName) ? 'windows-1252' : 'utf-8';
  let h: HeaderIndex | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, encoding, ID)) {
    const f = rec.fields;
    if (!h) {
      h = new HeaderIndex(f, ID, rec.line);
      for (const c of ['ProviderName', 'Status', 'BeginDate', 'EndDate', 'NAM_LAST_PROVR', 'IDN_NPI']) h.require(c);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = (c: string) => clean(at(f, h!.find(c)));
    const display = g('ProviderName');
    const business = g('NAM_BUSNS_MP');
    const first = g('NAM_FIRST_PROVR');
    // The 2016 file has spacer rows holding only the IND_CHGD flag: no name anywhere is no record.
    if (!display && !business && !g('NAM_LAST_PROVR')) continue;
    const r = emptyRecord('state', 'PA', { line: rec.line, record: ++count });
    r.name = display ?? business ?? g('NAM_LAST_PROVR')!;
    if (first) {
      r.entity_type = 'individual';
      r.last_name = g('NAM_LAST_PROVR');
      r.first_name = first;
      r.middle_name = g('NAM_MIDDLE_PROVR');
      r.provider_type = g('NAM_TITLE_PROVR');
      r.other_names = [g('NAM_PROVR_ALT'), business].filter((x): x is string => !!x);
    } else {
      r.entity_type = business ? 'organization' : 'unknown';
      r.organization_name = business ?? display;
    }
    const ids = npisIn(at(f, h.find('IDN_NPI')));
    r.npis = ids.npis;
    r.npi_text = ids.text;
    r.license_number = g('LicenseNumber');
    r.action = g('Status');
    const cao = g('CAO');
    const out = cao ? /out of state\s*\(([A-Za-z]{2})\)/i.exec(cao) : null;
    r.state = out ? stateCode(out[1]) : cao && !/out of state/i.test(cao) ? 'PA' : null;
    r.city = null;
    const begin = dateCell(at(f, h.find('BeginDate')), ID, rec.line);
    const end = dateCell(at(f, h.find('EndDate')), ID, rec.line);
    r.start_date = begin.date;
    r.end_date = end.date;
    r.end_note = end.note;
    yield r;
  }
  if (!h) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const paLayout = defineLayout({ ...paHead, parse: parsePa });
