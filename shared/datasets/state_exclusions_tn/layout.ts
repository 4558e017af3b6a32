import { renderText } from '../../archive/text';
import { looksLikeOrganization } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput } from '../../publishers/common/types';
import { dateCell, npisIn, wholeBuffer } from '../../state-exclusions/fields';
import { defineLayout } from '../../state-exclusions/layout';
import { tnHead } from './head';
import { type TnRow, tnTable } from './table';

const ID = tnHead.id;

/**
 * TennCare terminated provider list: a workbook (`List of Providers Terminated by TennCare
 * Concurrent.xlsx`) printed to PDF, landscape (a letter page turned by /Rotate 90, its text drawn
 * rotated), one cell per text run. Columns `Last Name, First Name, NPI, Begin Date, Reason, End
 * Date`; an organization is named in Last Name with First Name blank (a long name runs on over
 * it); dates M/D/YYYY; End Date mostly blank. The PDF is read through the archive's own text
 * rendering (shared/archive/text), so a row's locator line is a line of the stored rendering
 * (a form feed, the page break, counting as a line break); ./table.ts rebuilds the rows from it.
 */
async function* parseTn(input: ByteInput, fileName?: string): AsyncGenerator<ExclusionRecord> {
  const bytes = await wholeBuffer(input);
  const rendering = await renderText({ bytes, name: fileName ?? 'terminatedproviderlist.pdf' });
  if (rendering.renderer !== 'pdf')
    throw new PublisherFormatError(
      ID,
      1,
      `not a readable PDF (rendered as ${rendering.renderer}): ${rendering.text.slice(0, 120)}`,
    );
  const { rows } = tnTable(rendering.text, ID);
  let count = 0;
  for (const row of rows) yield recordOf(row, ++count);
}

function recordOf(row: TnRow, record: number): ExclusionRecord {
  const r = emptyRecord('state', 'TN', { line: row.line, record });
  if (row.first) {
    const given = row.first.split(' ');
    r.entity_type = 'individual';
    r.last_name = row.last;
    r.first_name = given[0]!;
    r.middle_name = given.slice(1).join(' ') || null;
    r.name = `${row.last}, ${row.first}`;
  } else {
    // A blank First Name is how the list prints an organization; a person-like name stays unknown.
    r.entity_type = looksLikeOrganization(row.last) ? 'organization' : 'unknown';
    if (r.entity_type === 'organization') r.organization_name = row.last;
    r.name = row.last;
  }
  const ids = npisIn(row.npi ?? undefined);
  r.npis = ids.npis;
  r.npi_text = ids.text;
  r.action = row.reason;
  r.start_date = row.begin ? dateCell(row.begin, ID, row.line).date : null;
  const end = dateCell(row.end ?? undefined, ID, row.line);
  r.end_date = end.date;
  r.end_note = end.note;
  return r;
}

export const tnLayout = defineLayout({ ...tnHead, parse: parseTn });
