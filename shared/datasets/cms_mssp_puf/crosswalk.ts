import { defineDataset } from '../../catalog/dataset';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { type AcoCrosswalkRow, isAcoNum, MSSP_CROSSWALK, normalizeAcoId, normalizeAcoNum } from '../../vbc/mssp-rows';
import { headerKey } from './layouts';

const ID = 'cms_mssp_puf/aco-id-crosswalk';

/**
 * CMS's "ACO ID Crosswalk" (Shared Savings Program data page and the SSP ACO PUF page): one row
 * per ACO that had an encrypted ACO number (`ACO_NUM`, `A67373`) in the PUFs published before
 * July 2019, with the ACO ID (`ACO_ID`, `A1234`) every later file uses and the ACO's first
 * agreement start date. Columns are read by name; see fixtures/README.md for the source of the
 * header.
 */
const COLUMNS = {
  aco_id: ['ACO_ID'],
  aco_num: ['ACO_NUM', 'ACO_Num'],
  first_start: ['ACO First Agreement Start Date', 'ACO_First_Agreement_Start_Date'],
} as const;

/** `7/1/12`, `07/01/2012`, `2012-07-01` -> ISO; a two-digit year is 20YY (the program began in 2012). */
function startDate(raw: string, line: number): string | null {
  const s = raw.trim();
  if (!s) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (iso) return s;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(s);
  if (!m) throw new PublisherFormatError(ID, line, `unreadable date ${JSON.stringify(raw)}`);
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  const d = new Date(Date.UTC(Number(year), Number(m[1]) - 1, Number(m[2])));
  if (d.getUTCMonth() !== Number(m[1]) - 1) throw new PublisherFormatError(ID, line, `impossible date ${raw}`);
  return d.toISOString().slice(0, 10);
}

async function* parseCrosswalk(input: ByteInput): AsyncGenerator<AcoCrosswalkRow> {
  let head: { pos: Record<keyof typeof COLUMNS, number>; names: string[] } | null = null;
  let record = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!head) {
      const keys = f.map(headerKey);
      const at = (names: readonly string[]) => names.map((n) => keys.indexOf(headerKey(n))).find((i) => i >= 0) ?? -1;
      const pos = { aco_id: at(COLUMNS.aco_id), aco_num: at(COLUMNS.aco_num), first_start: at(COLUMNS.first_start) };
      if (pos.aco_id < 0 || pos.aco_num < 0)
        throw new PublisherFormatError(ID, rec.line, 'not the ACO ID Crosswalk: no ACO_ID and ACO_NUM columns');
      head = { pos, names: [...f] };
      continue;
    }
    if (isBlankRecord(f)) continue;
    const acoId = normalizeAcoId(f[head.pos.aco_id] ?? '');
    const acoNum = normalizeAcoNum(f[head.pos.aco_num] ?? '');
    if (!acoId || isAcoNum(acoId))
      throw new PublisherFormatError(ID, rec.line, `ACO_ID ${JSON.stringify(f[head.pos.aco_id])} is not an ACO ID`);
    if (!acoNum)
      throw new PublisherFormatError(
        ID,
        rec.line,
        `ACO_NUM ${JSON.stringify(f[head.pos.aco_num])} is not an ACO number`,
      );
    yield {
      aco_num: acoNum,
      aco_id: acoId,
      first_agreement_start_date: head.pos.first_start < 0 ? null : startDate(f[head.pos.first_start] ?? '', rec.line),
      source_row: Object.fromEntries(head.names.map((n, i) => [n, f[i] ?? ''])),
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!head) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

export const crosswalkParser: PublisherParser<AcoCrosswalkRow> = {
  id: ID,
  version: '1',
  parse: (input) => parseCrosswalk(input),
  codesOf: () => [],
};

/** File names of the crosswalk as CMS posts it (`ACO_ID_Crosswalk.csv`, `aco-id-crosswalk.csv`). */
export const CROSSWALK_FILE = /ACO[_ -]?ID[_ -]?Crosswalk.*\.csv$/i;

/**
 * The crosswalk as a catalog dataset: found by ACO number and by ACO ID. CMS published it once
 * (July 2019) for identifiers that no longer change, so it never goes stale: each file is a
 * supplement (a later file adds to the earlier ones, and for a number both list, the later file
 * answers: shared/vbc/mssp.ts). Before its release, rows with an ACO number are linked by name.
 */
export const crosswalkDataset = defineDataset<AcoCrosswalkRow>({
  id: MSSP_CROSSWALK,
  title: 'MSSP ACO ID crosswalk (encrypted ACO number to ACO ID)',
  loaderVersion: '1',
  docs: [{ sourceId: 'cms_mssp_puf', docId: 'mssp:2', mode: 'supplement' }],
  parserFor: (f) => (f.source_id === 'cms_mssp_puf' && f.doc_id === 'mssp:2' ? crosswalkParser : undefined),
  indexes: [
    { name: 'aco_num', unique: true, keys: (r) => [r.aco_num] },
    { name: 'aco_id', keys: (r) => [r.aco_id] },
  ],
});
