import { normalizeCcn } from '../../facilities/facility-rows';
import { zip5 } from '../../facilities/normalize';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, ParseOptions, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { type HealthSystemRow, type HospitalLinkRow, normalizeSystemId } from '../../systems/system-rows';
import { COMPENDIUM_LINKAGE_PARSER_HEAD, COMPENDIUM_SYSTEMS_PARSER_HEAD } from './head';
import { type Layout, LINK_LAYOUTS, type LinkField, layoutFor, SYSTEM_LAYOUTS, type SystemField } from './layouts';
import { releaseOf } from './release';

/**
 * AHRQ's CSVs are written from SAS/Excel in Windows-1252 (accented names such as "Hospital
 * Español" are single bytes); ASCII files read the same either way.
 */
const ENCODING = 'windows-1252' as const;

interface Header<F extends string> {
  layout: Layout<F>;
  pos: Record<F, number>;
  names: string[];
  year: number;
}

/** The layout of the file's release year, checked against its header (required columns, markers). */
function readHeader<F extends string>(
  id: string,
  layouts: readonly Layout<F>[],
  fields: readonly string[],
  line: number,
  options: ParseOptions | undefined,
): Header<F> {
  const release = options?.fileName ? releaseOf(options.fileName) : null;
  if (!release)
    throw new PublisherFormatError(
      id,
      line,
      `file name ${JSON.stringify(options?.fileName ?? null)} states no Compendium release year`,
    );
  const layout = layoutFor(layouts, release.year);
  if (!layout) throw new PublisherFormatError(id, line, `no column map reads the ${release.year} Compendium`);
  const h = new HeaderIndex(fields, id, line);
  for (const m of layout.markers)
    if (h.find(m) < 0)
      throw new PublisherFormatError(id, line, `missing column ${JSON.stringify(m)} of the ${layout.id} layout`);
  const pos = Object.fromEntries(
    (Object.keys(layout.fields) as F[]).map((k) => [
      k,
      layout.required.includes(k) ? h.require(...layout.fields[k]) : h.find(...layout.fields[k]),
    ]),
  ) as Record<F, number>;
  return { layout, pos, names: fields.map((n) => n.trim()), year: release.year };
}

/** A count as published: digits (a trailing `.0` of a spreadsheet export allowed); blank or `.` is null. */
function count(raw: string, id: string, line: number, what: string): number | null {
  const s = raw.trim();
  if (s === '' || s === '.' || /^n\/?a$/i.test(s)) return null;
  const m = /^(\d+)(?:\.0+)?$/.exec(s.replace(/,/g, ''));
  if (!m) throw new PublisherFormatError(id, line, `${what} ${JSON.stringify(raw)} is not a count`);
  return Number(m[1]);
}

function flag(raw: string): boolean | null {
  const s = raw.trim();
  return s === '1' ? true : s === '0' ? false : null;
}

const upper = (raw: string) => text(raw)?.toUpperCase() ?? null;

async function* parseSystems(input: ByteInput, options?: ParseOptions): AsyncGenerator<HealthSystemRow> {
  const id = COMPENDIUM_SYSTEMS_PARSER_HEAD.id;
  let head: Header<SystemField> | null = null;
  let record = 0;
  for await (const rec of csvRecords(input, ENCODING, id)) {
    const f = rec.fields;
    if (!head) {
      head = readHeader(id, SYSTEM_LAYOUTS, f, rec.line, options);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const { pos, names, layout, year } = head;
    const g = (k: keyof typeof pos) => at(f, pos[k]);
    const sysId = normalizeSystemId(g('id'));
    if (!sysId)
      throw new PublisherFormatError(id, rec.line, `health_sys_id ${JSON.stringify(g('id'))} is not an AHRQ system id`);
    const name = text(g('name'));
    if (!name) throw new PublisherFormatError(id, rec.line, 'health_sys_name is empty');
    yield {
      health_sys_id: sysId,
      health_sys_name: name,
      health_sys_city: text(g('city')),
      health_sys_state: upper(g('state')),
      hospitals: count(g('hospitals'), id, rec.line, 'hosp_cnt'),
      acute_hospitals: count(g('acute_hospitals'), id, rec.line, 'acutehosp_cnt'),
      physician_groups: count(g('groups'), id, rec.line, 'grp_cnt'),
      physicians: count(g('physicians'), id, rec.line, 'total_mds'),
      primary_care_physicians: count(g('primary_care'), id, rec.line, 'prim_care_mds'),
      beds: count(g('beds'), id, rec.line, 'sys_beds'),
      release: String(year),
      layout: layout.id,
      source_row: Object.fromEntries(names.map((n, i) => [n, f[i] ?? ''])),
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!head) throw new PublisherFormatError(id, 1, 'empty file: no header');
}

async function* parseLinkage(input: ByteInput, options?: ParseOptions): AsyncGenerator<HospitalLinkRow> {
  const id = COMPENDIUM_LINKAGE_PARSER_HEAD.id;
  let head: Header<LinkField> | null = null;
  let record = 0;
  for await (const rec of csvRecords(input, ENCODING, id)) {
    const f = rec.fields;
    if (!head) {
      head = readHeader(id, LINK_LAYOUTS, f, rec.line, options);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const { pos, names, layout, year } = head;
    const g = (k: keyof typeof pos) => at(f, pos[k]);
    const hospitalId = text(g('hospital_id'));
    if (!hospitalId) throw new PublisherFormatError(id, rec.line, 'compendium_hospital_id is empty');
    // Blank CCNs are published (hospitals Medicare does not certify); a value that is not one is an error.
    const rawCcn = g('ccn').trim();
    const ccn = rawCcn === '' ? null : normalizeCcn(rawCcn);
    if (rawCcn !== '' && !ccn)
      throw new PublisherFormatError(id, rec.line, `ccn ${JSON.stringify(rawCcn)} is not a CCN`);
    const name = text(g('name'));
    if (!name) throw new PublisherFormatError(id, rec.line, 'hospital_name is empty');
    const rawSys = g('sys_id').trim();
    const sysId = rawSys === '' ? null : normalizeSystemId(rawSys);
    if (rawSys !== '' && !sysId)
      throw new PublisherFormatError(id, rec.line, `health_sys_id ${JSON.stringify(rawSys)} is not an AHRQ system id`);
    yield {
      compendium_hospital_id: hospitalId,
      ccn,
      hospital_name: name,
      street: text(g('street')),
      city: text(g('city')),
      state: upper(g('state')),
      zip: zip5(g('zip')),
      acute: flag(g('acute')),
      health_sys_id: sysId,
      health_sys_name: sysId ? text(g('sys_name')) : null,
      health_sys_city: sysId ? text(g('sys_city')) : null,
      health_sys_state: sysId ? upper(g('sys_state')) : null,
      release: String(year),
      layout: layout.id,
      source_row: Object.fromEntries(names.map((n, i) => [n, f[i] ?? ''])),
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!head) throw new PublisherFormatError(id, 1, 'empty file: no header');
}

/** One row per health system of a Compendium system file. */
export const compendiumSystemsParser: PublisherParser<HealthSystemRow> = {
  ...COMPENDIUM_SYSTEMS_PARSER_HEAD,
  parse: (input, options) => parseSystems(input, options),
  codesOf: () => [],
};

/** One row per hospital of a Compendium hospital linkage file (with or without a system). */
export const compendiumLinkageParser: PublisherParser<HospitalLinkRow> = {
  ...COMPENDIUM_LINKAGE_PARSER_HEAD,
  parse: (input, options) => parseLinkage(input, options),
  codesOf: () => [],
};
