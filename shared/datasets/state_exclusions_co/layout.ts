import { looksLikeOrganization, personParts, stripParenthetical } from '../../exclusions/names';
import { type EntityType, type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn } from '../../state-exclusions/fields';
import { defineLayout } from '../../state-exclusions/layout';
import { workbookRows } from '../../state-exclusions/workbook';
import { coHead } from './head';

const ID = coHead.id;
const NAME = 'Provider Name';
const DBA = ['"Doing Business As" Name', 'Doing Business As Name', 'Doing Business As', 'DBA Name', 'DBA'];
const AUTHORITY = ['Termination Authority', 'Authority'];
const EFFECTIVE = ['Termination Effective Date', 'Effective Date', 'Termination Date'];

/** A legal form closing a name (`MICHAEL T PARRA MD PC`, `Vrai, Inc.`): business words alone miss these. */
const LEGAL_FORM_END =
  /[\s,](INC|INCORPORATED|LLC|L\.L\.C|LLP|LP|LTD|CORP|CORPORATION|COMPANY|P\.?C|PLLC|PLC|PSC)\.?$/i;
const SUFFIX = /^(JR|SR|II|III|IV|V)\.?$/i;

/**
 * Whose row it is. The one name column holds firms as named, people as `LAST [CREDENTIAL], FIRST M`
 * (`BERKE MD, SARAH A`, `Palcic, Melanie`) and, in rows added in 2021-2022, as `First Last`
 * (`Jeffrey Fay`). A comma outside a legal form marks a person; a name with neither a comma nor a
 * business word reads both ways (`Boulder GX` beside `Tracy Dillwood`): `unknown`.
 */
function entityOf(bare: string): EntityType {
  if (looksLikeOrganization(bare) || LEGAL_FORM_END.test(bare)) return 'organization';
  return bare.includes(',') ? 'individual' : 'unknown';
}

/**
 * Colorado HCPF termination list workbook: sheet `Termination List`, header `Provider Name,
 * "Doing Business As" Name, NPI, Termination Authority, Termination Effective Date` (found by name,
 * below any title rows). Empty cells are blank, `N/A` or a single space; NPI cells hold a number,
 * text with a trailing space, or several NPIs (`1407382559 & 1093373094`, comma lists). Dates are
 * Excel serials (text dates read too). A parenthetical in the name (`Personalized Genetics LLC
 * (Reddy, Ravitej)`) is a note, kept as another name; credentials between the last name and the
 * comma are the provider type. No end date is published.
 */
async function* parseCo(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  let count = 0;
  for await (const row of workbookRows(input, ID, { required: [NAME, 'NPI'] })) {
    if (count === 0 && !row.has(...EFFECTIVE))
      throw new PublisherFormatError(ID, row.line, `the header has no ${JSON.stringify(EFFECTIVE[0])} column`);
    const name = clean(row.get(NAME));
    if (!name) throw new PublisherFormatError(ID, row.line, `${NAME} is empty`);
    const r = emptyRecord('state', 'CO', { line: row.line, record: ++count });
    r.name = name;
    const bare = stripParenthetical(name);
    const notes = [...name.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!.trim()).filter(Boolean);
    r.entity_type = entityOf(bare);
    if (r.entity_type === 'individual') {
      const comma = bare.indexOf(',');
      const lastRaw = bare.slice(0, comma);
      const given = personParts(bare.slice(comma + 1));
      r.last_name = personParts(lastRaw).join(' ') || lastRaw.trim();
      r.first_name = given[0] ?? null;
      r.middle_name = given.slice(1).join(' ') || null;
      const credentials = lastRaw.split(/\s+/).filter((w) => w && !personParts(w).length && !SUFFIX.test(w));
      r.provider_type = credentials.join(' ') || null;
    } else r.organization_name = name;
    const dba = clean(row.get(...DBA));
    r.other_names = [...(dba ? [dba] : []), ...notes];
    const ids = npisIn(row.get('NPI'));
    r.npis = ids.npis;
    r.npi_text = ids.text;
    r.state = 'CO';
    r.action = clean(row.get(...AUTHORITY));
    r.start_date = dateCell(row.get(...EFFECTIVE), ID, row.line, row.date1904).date;
    yield r;
  }
}

export const coLayout = defineLayout({ ...coHead, parse: parseCo });
