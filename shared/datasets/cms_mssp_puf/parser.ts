import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { parseDate } from '../../publishers/common/dates';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import {
  isAcoNum,
  type MsspRow,
  nameKey,
  normalizeAcoId,
  normalizeAcoNum,
  stateCodes,
  trackSlug,
} from '../../vbc/mssp-rows';
import { type Field, headerKey, type Layout, layoutFor } from './layouts';
import { qualScoreNote } from './quality';
import { performanceYearOf } from './year';

const ID = 'cms_mssp_puf/results-csv';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** Dollars as printed: `$131243376`, `$-7256267`, `$3,322,748 `, `-1234.5`; `-` and empty are no value. */
function money(raw: string, line: number, column: string): number | null {
  const s = raw.trim().replace(/^\$/, '').replace(/^-\$/, '-').replace(/,/g, '').trim();
  if (s === '' || s === '-') return null;
  if (!NUMBER.test(s)) throw new PublisherFormatError(ID, line, `${column}: not an amount: ${JSON.stringify(raw)}`);
  return Number(s);
}

function count(raw: string, line: number, column: string): number | null {
  const s = raw.trim().replace(/,/g, '');
  if (s === '' || s === '-') return null;
  if (!NUMBER.test(s)) throw new PublisherFormatError(ID, line, `${column}: not a number: ${JSON.stringify(raw)}`);
  return Number(s);
}

/** A rate in the unit the layout declares, served in percent. A proportion above 1.5 in size is refused. */
function rate(raw: string, unit: 'percent' | 'proportion', line: number, column: string): number | null {
  const s = raw.trim().replace(/%$/, '').trim();
  if (s === '' || s === '-') return null;
  if (!NUMBER.test(s)) throw new PublisherFormatError(ID, line, `${column}: not a rate: ${JSON.stringify(raw)}`);
  const n = Number(s);
  if (unit === 'percent') return n;
  if (Math.abs(n) > 1.5)
    throw new PublisherFormatError(ID, line, `${column}: ${raw} is not a proportion, which this layout declares`);
  return round6(n * 100);
}

function yesNo(raw: string): boolean | null {
  const s = raw.trim().toUpperCase();
  if (s === 'YES' || s === 'Y' || s === '1' || s === 'TRUE') return true;
  if (s === 'NO' || s === 'N' || s === '0' || s === 'FALSE') return false;
  return null;
}

const NON_SCORES = new Set(['P4R', 'PAY FOR REPORTING', 'N/A', 'NA', '-', '']);

interface Head {
  layout: Layout;
  pos: Map<Field, number>;
  /** Track flag columns present: position and the track each stands for. */
  flags: { pos: number; track: string }[];
}

function layoutOf(names: readonly string[], performanceYear: number, line: number): Head {
  const keys = names.map(headerKey);
  const layout = layoutFor(keys, performanceYear);
  if (!layout)
    throw new PublisherFormatError(
      ID,
      line,
      `not an MSSP results layout of PY${performanceYear}: no ACO_ID, ACO_Num nor ACO name column in the header`,
    );
  const pos = new Map<Field, number>();
  for (const [field, col] of Object.entries(layout.columns) as [Field, { names: readonly string[] }][]) {
    const i = col.names.map((n) => keys.indexOf(headerKey(n))).find((p) => p >= 0) ?? -1;
    if (i >= 0) pos.set(field, i);
    else if (layout.required.includes(field))
      throw new PublisherFormatError(ID, line, `missing column ${JSON.stringify(col.names[0])} (${layout.family})`);
  }
  const flags = Object.entries(layout.trackFlags ?? {})
    .map(([name, track]) => ({ pos: keys.indexOf(headerKey(name)), track }))
    .filter((f) => f.pos >= 0);
  return { layout, pos, flags };
}

/** The track a row's flag columns name (`1` under `Current_Track_2` -> `Track 2`), or ''. */
function flaggedTrack(f: readonly string[], flags: Head['flags']): string {
  return flags.find((x) => yesNo(f[x.pos] ?? '') === true)?.track ?? '';
}

/**
 * One MSSP performance-year results file: a header read by name against the layout families
 * (layouts.ts), then one row per ACO, each with its published row as-is (`source_row`, keyed by
 * the header exactly as printed) and its rates in percent.
 */
async function* parseResults(input: ByteInput, performanceYear: number): AsyncGenerator<MsspRow> {
  let head: (Head & { names: string[] }) | null = null;
  let record = 0;
  for await (const rec of csvRecords(input, 'utf-8', ID)) {
    const f = rec.fields;
    if (!head) {
      head = { ...layoutOf(f, performanceYear, rec.line), names: [...f] };
      continue;
    }
    if (isBlankRecord(f)) continue;
    const { layout, pos, flags, names } = head;
    const g = (k: Field) => {
      const p = pos.get(k);
      return p === undefined ? '' : (f[p] ?? '');
    };
    const col = (k: Field) => layout.columns[k]!.names[0]!;
    const unit = (k: Field) => layout.columns[k]!.unit!(performanceYear);
    const acoName = text(g('aco_name'));
    if (!acoName) throw new PublisherFormatError(ID, rec.line, `${col('aco_name')} is empty`);
    let acoId: string | null = null;
    if (pos.has('aco_id')) {
      acoId = normalizeAcoId(g('aco_id'));
      if (!acoId || isAcoNum(acoId))
        throw new PublisherFormatError(ID, rec.line, `ACO_ID ${JSON.stringify(g('aco_id'))} is not an ACO ID`);
    }
    let acoNum: string | null = null;
    if (pos.has('aco_num')) {
      acoNum = normalizeAcoNum(g('aco_num'));
      if (!acoNum)
        throw new PublisherFormatError(ID, rec.line, `ACO_Num ${JSON.stringify(g('aco_num'))} is not an ACO number`);
    }
    const bme = money(g('benchmark_minus_expenditures'), rec.line, col('benchmark_minus_expenditures'));
    const earned = pos.has('earned') ? money(g('earned'), rec.line, col('earned')) : null;
    const qualityPublished = g('quality_score').trim();
    const qualityNumeric = !NON_SCORES.has(qualityPublished.toUpperCase());
    const quality = qualityNumeric
      ? rate(qualityPublished, unit('quality_score'), rec.line, col('quality_score'))
      : null;
    const statesPublished = text(g('states'));
    const trackPublished = text(g('track')) ?? text(flaggedTrack(f, flags));
    const key = nameKey(acoName);
    const startRaw = g('start_date').trim();
    yield {
      performance_year: performanceYear,
      layout: `${layout.family}@${layout.version}`,
      aco_id: acoId,
      aco_num: acoNum,
      aco_name: acoName,
      name_key: key,
      aco_key: acoId ?? acoNum ?? `~${key}`,
      states: stateCodes(statesPublished),
      states_published: statesPublished,
      track: trackSlug(trackPublished),
      track_published: trackPublished,
      agreement_start_date: startRaw ? parseDate(startRaw, ID, rec.line) : null,
      assigned_beneficiaries: count(g('assigned_beneficiaries'), rec.line, 'assigned beneficiaries'),
      total_benchmark_expenditures: money(g('total_benchmark'), rec.line, 'total benchmark'),
      total_expenditures: money(g('total_expenditures'), rec.line, 'total expenditures'),
      benchmark_minus_expenditures: bme,
      losses: bme === null ? null : Math.max(0, -bme),
      savings_rate_pct: pos.has('savings_rate')
        ? rate(g('savings_rate'), unit('savings_rate'), rec.line, col('savings_rate'))
        : null,
      min_savings_rate_pct: pos.has('min_savings_rate')
        ? rate(g('min_savings_rate'), unit('min_savings_rate'), rec.line, col('min_savings_rate'))
        : null,
      generated_savings_losses: pos.has('generated') ? money(g('generated'), rec.line, col('generated')) : null,
      earned_savings_losses: earned,
      earned_shared_savings: earned === null ? null : Math.max(0, earned),
      owed_losses: earned === null ? null : Math.max(0, -earned),
      earned_payment: earned !== null && earned > 0 ? 1 : 0,
      met_quality_standard: pos.has('met_quality_standard') ? yesNo(g('met_quality_standard')) : null,
      quality_score_pct: quality,
      quality_score_published: qualityPublished || null,
      qual_score_note: qualScoreNote(performanceYear, qualityPublished, qualityNumeric),
      final_sharing_rate_pct: pos.has('final_sharing_rate')
        ? rate(g('final_sharing_rate'), unit('final_sharing_rate'), rec.line, col('final_sharing_rate'))
        : null,
      source_row: Object.fromEntries(names.map((n, i) => [n, f[i] ?? ''])),
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!head) throw new PublisherFormatError(ID, 1, 'empty file: no header');
}

/** The parser of one results file; its performance year comes from the file name. */
export function msspParser(name: string): PublisherParser<MsspRow> {
  return {
    id: ID,
    version: '1',
    parse: (input) => {
      const py = performanceYearOf(name);
      if (py === null)
        throw new PublisherFormatError(ID, 0, `no performance year in the file name ${JSON.stringify(name)}`);
      return parseResults(input, py);
    },
    codesOf: () => [],
  };
}
