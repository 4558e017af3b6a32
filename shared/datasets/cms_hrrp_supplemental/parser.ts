import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import { at, HeaderIndex, normalizeName } from '../../publishers/common/header';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { cell } from '../../vbc/cells';
import {
  CONDITIONS,
  type Condition,
  type HrrpSupplementalRow,
  normalizeCcn,
  reductionPct,
  type SupplementalCondition,
} from '../../vbc/hrrp-rows';

const ID = 'cms_hrrp_supplemental/fr-tab';

/**
 * How each condition is named in the column headers of the supplemental file's results tab (FY 2024
 * data dictionary, "FR FY 2024" tab): `ERR for AMI`, `Number of eligible discharges for pneumonia`,
 * `Penalty indicator for THA/TKA`, ...
 */
const LABEL: Readonly<Record<Condition, string>> = {
  AMI: 'AMI',
  COPD: 'COPD',
  HF: 'HF',
  PN: 'pneumonia',
  CABG: 'CABG',
  THA_TKA: 'THA/TKA',
};
const PER_CONDITION = {
  eligible_discharges: 'Number of eligible discharges for',
  excess_readmission_ratio: 'ERR for',
  peer_group_median_err: 'Peer group median ERR for',
  penalty_indicator: 'Penalty indicator for',
  drg_payment_ratio: 'DRG payment ratio for',
} as const;
type Field = keyof typeof PER_CONDITION;

interface Positions {
  ccn: number;
  factor: number;
  dual: number;
  peer: number;
  neutrality: number;
  conditions: { condition: Condition; at: Record<Field, number> }[];
}

function positions(fields: string[], line: number): Positions {
  const h = new HeaderIndex(fields, ID, line);
  // A condition the year's file leaves out (pneumonia in FY 2023) has no columns: it is not reported.
  const conditions = CONDITIONS.flatMap((condition) => {
    const of = (f: Field) => h.find(`${PER_CONDITION[f]} ${LABEL[condition]}`);
    const pos = Object.fromEntries(Object.keys(PER_CONDITION).map((f) => [f, of(f as Field)])) as Record<Field, number>;
    return pos.excess_readmission_ratio < 0 ? [] : [{ condition, at: pos }];
  });
  return {
    ccn: h.require('Hospital CCN'),
    factor: h.require('Payment adjustment factor'),
    dual: h.find('Dual proportion'),
    peer: h.find('Peer group assignment'),
    neutrality: h.find('Neutrality modifier'),
    conditions,
  };
}

const isHeader = (f: readonly string[]) => normalizeName((f[0] ?? '').replace(/^\uFEFF/, '')) === 'hospital ccn';

/**
 * The results tab of CMS's IPPS HRRP supplemental file, as the zip's 508-compliant text rendering
 * holds it: a title line (`FY 2024 IPPS Final Rule: ...`), then the header row (found by its first
 * cell, `Hospital CCN`), one row per hospital, tab-delimited (`.txt`) or comma-delimited (`.csv`,
 * FY 2022 and FY 2025). `.` marks a value that does not exist; numbers over 999 may be quoted with
 * thousands separators; the reduction percentage is printed with `%`. Rows after the table whose
 * first cell is not a CCN (`End of worksheet`, notes) end it.
 */
async function* parseSupplemental(input: ByteInput, delimiter: string): AsyncGenerator<HrrpSupplementalRow> {
  let pos: Positions | null = null;
  let names: string[] = [];
  let count = 0;
  let ended = false;
  for await (const rec of csvRecords(input, 'utf-8', ID, { delimiter })) {
    const f = rec.fields;
    if (!pos) {
      if (isHeader(f)) {
        pos = positions(
          f.map((n) => n.replace(/^\uFEFF/, '')),
          rec.line,
        );
        names = f.map((n) => n.replace(/^\uFEFF/, '').trim());
      } else if (rec.line > 10)
        throw new PublisherFormatError(ID, rec.line, 'no "Hospital CCN" header in the first 10 lines');
      continue;
    }
    if (isBlankRecord(f)) continue;
    const first = at(f, pos.ccn).trim();
    const ccn = normalizeCcn(first);
    if (!ccn || ended) {
      // The footer ends the table; a CCN-looking row after it would be a layout we do not know.
      if (ccn) throw new PublisherFormatError(ID, rec.line, `hospital row ${ccn} after the end of the table`);
      ended = true;
      continue;
    }
    const num = (p: number, what: string) => cell(at(f, p), ID, rec.line, what);
    const factor = num(pos.factor, 'Payment adjustment factor');
    if (factor.value === null || factor.value <= 0 || factor.value > 1)
      throw new PublisherFormatError(
        ID,
        rec.line,
        `Payment adjustment factor ${JSON.stringify(factor.published)} is not in (0, 1]`,
      );
    const conditions: SupplementalCondition[] = pos.conditions.map(({ condition, at: p }) => {
      const flag = at(f, p.penalty_indicator).trim().toUpperCase();
      if (flag !== '' && flag !== 'Y' && flag !== 'N' && flag !== '.')
        throw new PublisherFormatError(
          ID,
          rec.line,
          `Penalty indicator for ${LABEL[condition]}: ${JSON.stringify(flag)}`,
        );
      return {
        condition,
        eligible_discharges: num(p.eligible_discharges, PER_CONDITION.eligible_discharges),
        excess_readmission_ratio: num(p.excess_readmission_ratio, PER_CONDITION.excess_readmission_ratio),
        peer_group_median_err: num(p.peer_group_median_err, PER_CONDITION.peer_group_median_err),
        penalty_indicator: flag === 'Y' ? true : flag === 'N' ? false : null,
        drg_payment_ratio: num(p.drg_payment_ratio, PER_CONDITION.drg_payment_ratio),
      };
    });
    const opt = (p: number, what: string) => (p < 0 ? null : num(p, what).value);
    const pct = reductionPct(factor.value);
    yield {
      ccn,
      payment_adjustment_factor: factor.value,
      payment_reduction_pct: pct,
      penalized: factor.value < 1,
      dual_proportion: opt(pos.dual, 'Dual proportion'),
      peer_group: opt(pos.peer, 'Peer group assignment'),
      neutrality_modifier: opt(pos.neutrality, 'Neutrality modifier'),
      conditions,
      source_row: Object.fromEntries(names.map((n, i) => [n, f[i] ?? ''])),
      locator: { line: rec.line, record: ++count },
    };
  }
  if (!pos) throw new PublisherFormatError(ID, 1, 'no "Hospital CCN" header row');
}

const parserFor = (delimiter: string, id: string): PublisherParser<HrrpSupplementalRow> => ({
  id,
  version: '1',
  parse: (input) => parseSupplemental(input, delimiter),
  codesOf: () => [],
});

/** The tab-delimited `.txt` rendering (most years). */
export const supplementalTxtParser = parserFor('\t', ID);
/** The comma-delimited `.csv` rendering (FY 2022, FY 2025). */
export const supplementalCsvParser = parserFor(',', 'cms_hrrp_supplemental/fr-csv');
