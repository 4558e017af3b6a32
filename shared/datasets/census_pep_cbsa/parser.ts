import type { PepRow } from '../../hospitals/profile-rows';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex } from '../../publishers/common/header';
import type { ByteInput, ParseOptions, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { PEP_FILE, PEP_PARSER_HEAD } from './head';

const ID = PEP_PARSER_HEAD.id;

/**
 * The `cbsa-est<vintage>-alldata.csv` layout (the Census file layout document of each vintage,
 * e.g. CBSA-EST2024-ALLDATA.pdf): `CBSA`, `MDIV`, `STCOU`, `NAME`, `LSAD`, then per year of the
 * decade `POPESTIMATE<YYYY>` (July 1 estimates) and `ESTIMATESBASE<YYYY>` (April 1 base), then the
 * components of change, which are not read. The estimate columns are found by their pattern, so a
 * vintage of any decade reads the same (2010s vintages: ESTIMATESBASE2010, POPESTIMATE2010...).
 * A CBSA's total row has empty MDIV and STCOU; a metropolitan division's row has MDIV and no STCOU;
 * county rows (STCOU set) are not kept (the answer is per area).
 */
const ESTIMATE = /^POPESTIMATE(\d{4})$/i;
const BASE = /^ESTIMATESBASE(\d{4})$/i;

function population(raw: string, line: number, column: string): number | null {
  const t = raw.trim();
  if (t === '' || t === 'X' || t === '(X)') return null;
  if (!/^\d+$/.test(t)) throw new PublisherFormatError(ID, line, `${column} ${JSON.stringify(raw)} is not a count`);
  return Number(t);
}

async function* parsePep(input: ByteInput, options?: ParseOptions): AsyncGenerator<PepRow> {
  const vintageName = PEP_FILE.exec(options?.fileName ?? '');
  let cols: {
    cbsa: number;
    mdiv: number;
    stcou: number;
    name: number;
    lsad: number;
    estimates: { year: number; i: number; column: string }[];
    base: { year: number; i: number; column: string } | null;
  } | null = null;
  let vintage = vintageName ? Number(vintageName[1]) : 0;
  let record = 0;
  // The Census files are ISO-8859-1 (e.g. `Cañon City, CO`).
  for await (const rec of csvRecords(input, 'latin1', ID)) {
    const f = rec.fields;
    if (!cols) {
      const names = f.map((n) => n.replace(/^\uFEFF/, '').trim());
      const h = new HeaderIndex(names, ID, rec.line);
      const estimates = names
        .map((column, i) => ({ column, i, m: ESTIMATE.exec(column) }))
        .filter((c) => c.m)
        .map((c) => ({ year: Number(c.m![1]), i: c.i, column: c.column }))
        .sort((a, b) => a.year - b.year);
      if (!estimates.length) throw new PublisherFormatError(ID, rec.line, 'missing column "POPESTIMATE<YYYY>"');
      const baseAt = names.findIndex((n) => BASE.test(n));
      cols = {
        cbsa: h.require('CBSA'),
        mdiv: h.find('MDIV'),
        stcou: h.find('STCOU'),
        name: h.require('NAME'),
        lsad: h.find('LSAD'),
        estimates,
        base: baseAt >= 0 ? { year: Number(BASE.exec(names[baseAt]!)![1]), i: baseAt, column: names[baseAt]! } : null,
      };
      // Without a vintage in the name, the last estimate year is the vintage.
      if (!vintage) vintage = estimates.at(-1)!.year;
      continue;
    }
    if (isBlankRecord(f)) continue;
    record++;
    const cbsa = at(f, cols.cbsa).trim();
    const mdiv = at(f, cols.mdiv).trim();
    if (at(f, cols.stcou).trim() !== '') continue;
    if (!/^\d{5}$/.test(cbsa))
      throw new PublisherFormatError(ID, rec.line, `CBSA ${JSON.stringify(cbsa)} is not a CBSA code`);
    if (mdiv !== '' && !/^\d{5}$/.test(mdiv))
      throw new PublisherFormatError(ID, rec.line, `MDIV ${JSON.stringify(mdiv)} is not a division code`);
    const estimates: PepRow['estimates'] = [];
    for (const e of cols.estimates) {
      const p = population(at(f, e.i), rec.line, e.column);
      if (p !== null) estimates.push({ year: e.year, population: p });
    }
    const base = cols.base ? population(at(f, cols.base.i), rec.line, cols.base.column) : null;
    yield {
      cbsa_code: mdiv || cbsa,
      parent_cbsa_code: cbsa,
      name: text(at(f, cols.name)) ?? '',
      lsad: text(at(f, cols.lsad)),
      vintage,
      estimates_base: cols.base && base !== null ? { year: cols.base.year, population: base } : null,
      estimates,
      locator: { line: rec.line, record },
    };
  }
  if (!cols) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

/** One row per CBSA and metropolitan division of a vintage (county rows are skipped). */
export const pepParser: PublisherParser<PepRow> = {
  ...PEP_PARSER_HEAD,
  parse: (input, options) => parsePep(input, options),
  codesOf: () => [],
};
