import { normalizeCity } from '../../facilities/normalize';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { mergeFilings } from '../../signals/merge';
import type { SignalRow } from '../../signals/signal-rows';
import { HCAI_PROJECTS_PARSER_HEAD } from './head';
import { LAYOUTS, type LayoutId, MARKER, PROJECT_FIELDS, type ProjectField, REQUIRED } from './layout';
import { categoryOf, facilityCell, HEALTH_RULE, placeAddress } from './rules';

const ID = HCAI_PROJECTS_PARSER_HEAD.id;
export const SOURCE_ID = 'ca_hcai_construction_projects';

/** The layout a header belongs to and each field's position (-1 when the export lacks it). */
export function readHeader(
  names: readonly string[],
  line: number,
): { layout: LayoutId; pos: Record<ProjectField, number> } {
  const h = new HeaderIndex(names, ID, line);
  const layout = LAYOUTS.find((l) => h.find(...PROJECT_FIELDS[MARKER[l]][l]) >= 0);
  if (!layout)
    throw new PublisherFormatError(
      ID,
      line,
      `no known layout of the HCAI "Projects by County" export: none of ${LAYOUTS.map((l) => JSON.stringify(PROJECT_FIELDS[MARKER[l]][l][0])).join(', ')}`,
    );
  const pos = Object.fromEntries(
    (Object.keys(PROJECT_FIELDS) as ProjectField[]).map((f) => {
      const names = PROJECT_FIELDS[f][layout];
      return [f, REQUIRED.includes(f) ? h.require(...names) : h.find(...names)];
    }),
  ) as Record<ProjectField, number>;
  return { layout, pos };
}

/** Dollars from `$142,500,000.00`; `-` or empty is "not stated" (null), never 0. */
function dollars(raw: string, line: number): number | null {
  const s = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (s === '' || s === '-') return null;
  if (!/^\d+(?:\.\d+)?$/.test(s))
    throw new PublisherFormatError(ID, line, `Costs ${JSON.stringify(raw)} is not an amount`);
  return Number(s);
}

/**
 * One project row as a filing. `filing_id` is HCAI's project number as published; the facility
 * number (HCAI's own, not a CCN) stays in `source_row`, the match to a CCN is made by name and
 * address when the signal is read (shared/facilities).
 */
export function projectFiling(
  fields: readonly string[],
  names: readonly string[],
  pos: Record<ProjectField, number>,
  line: number,
  record: number,
): SignalRow {
  const g = (f: ProjectField) => at(fields, pos[f]).trim();
  const project = g('project');
  if (!project) throw new PublisherFormatError(ID, line, 'the project number is empty');
  const cell = facilityCell(at(fields, pos.facility));
  if (!cell)
    throw new PublisherFormatError(
      ID,
      line,
      `facility ${JSON.stringify(g('facility').slice(0, 80))} is not "<facility number> - <name>"`,
    );
  const place = placeAddress(cell.address_line);
  const scope = g('scope') || null;
  const filed = parseDate(g('filed'), ID, line);
  return {
    signal_id: `${SOURCE_ID}:${project}`,
    source_id: SOURCE_ID,
    filing_id: project,
    // HCAI's jurisdiction is California; an address naming another state is kept as printed.
    state: 'CA',
    city: normalizeCity(place.city),
    address: place.street,
    zip: place.zip,
    named_party: cell.name,
    category: categoryOf(scope),
    published_type: null,
    status: g('status') || null,
    description: scope,
    value_usd: dollars(g('cost'), line),
    filed_date: filed,
    issued_date: null,
    approved_date: null,
    latest_date: filed,
    health_rule: [HEALTH_RULE],
    merged_from: [],
    source_row: Object.fromEntries(names.map((n, i) => [n, fields[i] ?? ''])),
    locator: { line, record },
  };
}

/**
 * The whole export: every project row as a filing, then duplicate filings merged
 * (shared/signals/merge.ts): the same project number listed again, or a project withdrawn or
 * expired and filed again under a new number with the same address, scope, category and cost.
 * A project with a `ParentId` (a child filing of another project) stays its own signal: its scope
 * and cost are its own. An export is a few tens of thousands of rows, so the filings are gathered
 * before the merge.
 */
async function* parseExport(input: ByteInput): AsyncGenerator<SignalRow> {
  let header: ReturnType<typeof readHeader> | null = null;
  let names: string[] = [];
  const filings: SignalRow[] = [];
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    if (!header) {
      header = readHeader(rec.fields, rec.line);
      names = rec.fields.map((n) => n.trim());
      continue;
    }
    if (isBlankRecord(rec.fields)) continue;
    filings.push(projectFiling(rec.fields, names, header.pos, rec.line, filings.length + 1));
  }
  if (!header) throw new PublisherFormatError(ID, 1, 'empty file: no header');
  yield* mergeFilings(filings);
}

export const hcaiProjectsParser: PublisherParser<SignalRow> = {
  ...HCAI_PROJECTS_PARSER_HEAD,
  parse: (input) => parseExport(input),
  codesOf: () => [],
};
