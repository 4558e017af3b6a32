import { looksLikeOrganization, personParts, stripParenthetical, words } from '../../exclusions/names';
import { type ExclusionRecord, emptyRecord } from '../../exclusions/record';
import { type Cell, cellText, readWorkbook } from '../../formats/xlsx';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput } from '../../publishers/common/types';
import { clean, dateCell, npisIn, wholeBuffer } from '../../state-exclusions/fields';
import { findHeader } from '../../state-exclusions/header';
import { defineLayout } from '../../state-exclusions/layout';
import { mtHead } from './head';

const ID = mtHead.id;

/** Header names of the list's columns over its versions, matched on the normalized header text. */
const COLUMNS = {
  name: /^(terminated\/excluded provider\(?s?\)?|provider name|name)$/,
  profession: /^(healthcare profession|profession|provider type)$/,
  npi: /^npi\b/,
  date: /^(effective date|date|termination\/exclusion date)$/,
  action: /^(action|type|reason|sanction|state termination\/oig exclusion|termination\/exclusion)$/,
};
const AKA = /^a\.?k\.?a\b\.?\s*/i;
const INLINE_AKA = /\s+a\.?k\.?a\b\.?\s+/i;

/**
 * Montana DPHHS terminated and excluded providers workbook: one sheet, header `Terminated/Excluded
 * Provider(s), Healthcare Profession, NPI, Effective Date` plus an unlabeled column holding the
 * action (`State Termination`, `OIG Exclusion`, both); Excel serial dates. People are `Last,
 * First Middle`, a former surname in parentheses (`Amann (Hampton), Lori`) and aliases either
 * inline (`… AKA Justin Meeks`) or as rows of their own below the record (`a.k.a. Taylor
 * Clement`), which are read as its other names, not as records. Businesses have no comma.
 */
async function* parseMt(input: ByteInput): AsyncGenerator<ExclusionRecord> {
  const wb = await readWorkbook(await wholeBuffer(input));
  const found = headerOf(wb.sheets.map((s) => s.rows));
  const { rows, line: headerLine, col } = found;
  let count = 0;
  let pending: ExclusionRecord | null = null;
  for (let j = headerLine; j < rows.length; j++) {
    const cells = rows[j] ?? [];
    const line = j + 1;
    if (cells.every((c) => cellText(c).trim() === '')) continue;
    const name = clean(at(cells, col.name));
    const date = dateCell(at(cells, col.date), ID, line, wb.date1904).date;
    if (name && AKA.test(name) && !date) {
      if (!pending) throw new PublisherFormatError(ID, line, `an a.k.a. row with no record above it: ${name}`);
      pending.other_names.push(name.replace(AKA, '').trim());
      continue;
    }
    if (!name) throw new PublisherFormatError(ID, line, 'the provider name is empty');
    if (pending) yield pending;
    const r = emptyRecord('state', 'MT', { line, record: ++count });
    nameRow(r, name, clean(at(cells, col.profession)));
    const ids = npisIn(at(cells, col.npi));
    r.npis = ids.npis;
    r.npi_text = ids.text;
    r.provider_type = clean(at(cells, col.profession));
    r.action = clean(at(cells, col.action));
    r.start_date = date;
    pending = r;
  }
  if (pending) yield pending;
}

/** The header (first sheet, first row naming the provider column), with the unlabeled action column. */
function headerOf(sheets: Cell[][][]) {
  const h = findHeader(sheets, {
    parserId: ID,
    columns: COLUMNS,
    anchor: ['name'],
    required: { date: 'Effective Date' },
  });
  // The action column has had no label: the first column after the labeled ones.
  const labeled = h.names.reduce((last, n, k) => (n ? k : last), -1);
  return { rows: h.rows, line: h.row + 1, col: { ...h.col, action: h.col.action >= 0 ? h.col.action : labeled + 1 } };
}

const at = (cells: readonly Cell[], p: number): Cell => (p < 0 ? null : (cells[p] ?? null));

/** Names a record: `Last, First Middle` people, businesses, and the rest read both ways. */
function nameRow(r: ExclusionRecord, name: string, profession: string | null): void {
  const [main, ...aliases] = name.split(INLINE_AKA).map((s) => s.trim());
  r.name = name;
  r.other_names.push(...aliases);
  const comma = main!.indexOf(',');
  if (comma > 0 && !looksLikeOrganization(main)) {
    r.entity_type = 'individual';
    const lastRaw = main!.slice(0, comma).trim();
    const given = personParts(main!.slice(comma + 1));
    r.last_name = personParts(stripParenthetical(lastRaw)).join(' ') || lastRaw;
    r.first_name = given[0] ?? null;
    r.middle_name = given.slice(1).join(' ') || null;
    // `Amann (Hampton), Lori`: the surname in parentheses is another name of the same person.
    const former = /\(([^)]+)\)/.exec(lastRaw)?.[1]?.trim();
    if (former) r.other_names.unshift(`${former}, ${main!.slice(comma + 1).trim()}`);
  } else if (looksLikeOrganization(main) || looksLikeOrganization(profession)) {
    r.entity_type = 'organization';
    r.organization_name = main!;
  } else if (words(profession).join(' ') === 'INDIVIDUAL') {
    // `O'Dell Troy D.`: a person printed without the comma, still last name first.
    const w = personParts(main);
    r.entity_type = 'individual';
    r.last_name = w[0] ?? null;
    r.first_name = w[1] ?? null;
    r.middle_name = w.slice(2).join(' ') || null;
  } else {
    r.organization_name = main!;
  }
}

export const mtLayout = defineLayout({ ...mtHead, parse: parseMt });
