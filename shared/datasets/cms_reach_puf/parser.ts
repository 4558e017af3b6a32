import { isValidNpi } from '../../codes/npi';
import { csvRecords, isBlankRecord } from '../../publishers/common/csv';
import { PublisherFormatError } from '../../publishers/common/errors';
import type { ByteInput, PublisherParser } from '../../publishers/common/types';
import { text } from '../../publishers/common/values';
import { normalizeCcn } from '../../vbc/hrrp-rows';
import {
  acoTypeSlug,
  entityYear,
  entityYearType,
  modelOf,
  normalizeEntityId,
  providerTypeSlug,
  type ReachProviderRow,
  type ReachResultRow,
  riskSlug,
} from '../../vbc/reach-rows';
import {
  type Layout,
  type ProviderField,
  positions,
  REACH_PROVIDERS_LAYOUT,
  REACH_RESULTS_LAYOUT,
  type ResultField,
  type Unit,
} from './layouts';
import { qualScoreNote } from './quality';
import { performanceYearOf } from './year';

const RESULTS_ID = 'cms_reach_puf/results-csv';
const PROVIDERS_ID = 'cms_reach_puf/providers-csv';

const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Dollars as printed (`1234.5`, `$-7,256,267`, `-$12`); empty, `-`, `.` and `*` are no value. */
function money(raw: string, id: string, line: number, column: string): number | null {
  const s = raw.trim().replace(/^\$/, '').replace(/^-\$/, '-').replace(/,/g, '').trim();
  if (s === '' || s === '-' || s === '.' || s === '*') return null;
  if (!NUMBER.test(s)) throw new PublisherFormatError(id, line, `${column}: not an amount: ${JSON.stringify(raw)}`);
  return Number(s);
}

/** A rate in the unit the layout declares, served in percent; a "proportion" above 1.5 in size is refused. */
function rate(raw: string, unit: Unit, id: string, line: number, column: string): number | null {
  const s = raw.trim().replace(/%$/, '').trim();
  if (s === '' || s === '-' || s === '.' || s === '*') return null;
  if (!NUMBER.test(s)) throw new PublisherFormatError(id, line, `${column}: not a rate: ${JSON.stringify(raw)}`);
  const n = Number(s);
  if (unit === 'percent') return round6(n);
  if (Math.abs(n) > 1.5)
    throw new PublisherFormatError(id, line, `${column}: ${raw} is not a proportion, which this layout declares`);
  return round6(n * 100);
}

function year(raw: string, id: string, line: number, column: string): number | null {
  const s = raw.trim();
  if (s === '') return null;
  if (!/^\d{4}$/.test(s)) throw new PublisherFormatError(id, line, `${column}: not a year: ${JSON.stringify(raw)}`);
  return Number(s);
}

interface Head<F extends string> {
  layout: Layout<F>;
  pos: Map<F, number>;
  names: string[];
}

function head<F extends string>(layout: Layout<F>, names: string[], id: string, line: number): Head<F> {
  const { pos, missing } = positions(layout, names);
  if (missing) throw new PublisherFormatError(id, line, `missing column ${JSON.stringify(missing)} (${layout.family})`);
  return { layout, pos, names: [...names] };
}

const cellOf =
  <F extends string>(h: Head<F>, f: readonly string[]) =>
  (k: F): string => {
    const p = h.pos.get(k);
    return p === undefined ? '' : (f[p] ?? '');
  };

const sourceRow = (names: readonly string[], f: readonly string[]) =>
  Object.fromEntries(names.map((n, i) => [n.replace(/^\uFEFF/, ''), f[i] ?? '']));

/**
 * One Financial and Quality Results file: a header read by name (layouts.ts), one row per entity,
 * each with its published row as-is and its rates in percent. The performance year is the row's
 * `perf_year`; a file whose name carries a year holds only that year's rows.
 */
async function* parseResults(input: ByteInput, fileYear: number | null): AsyncGenerator<ReachResultRow> {
  let h: Head<ResultField> | null = null;
  let record = 0;
  for await (const rec of csvRecords(input, 'utf-8', RESULTS_ID)) {
    const f = rec.fields;
    if (!h) {
      h = head(REACH_RESULTS_LAYOUT, f, RESULTS_ID, rec.line);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = cellOf(h, f);
    const col = (k: ResultField) => REACH_RESULTS_LAYOUT.columns[k]!.names[0]!;
    const py = year(g('perf_year'), RESULTS_ID, rec.line, 'perf_year');
    if (py === null) throw new PublisherFormatError(RESULTS_ID, rec.line, 'perf_year is empty');
    if (fileYear !== null && py !== fileYear)
      throw new PublisherFormatError(RESULTS_ID, rec.line, `perf_year ${py} in the file of PY${fileYear}`);
    const acoId = normalizeEntityId(g('aco_id'));
    if (!acoId)
      throw new PublisherFormatError(RESULTS_ID, rec.line, `aco_id ${JSON.stringify(g('aco_id'))} is not an entity id`);
    const acoName = text(g('aco_name'));
    if (!acoName) throw new PublisherFormatError(RESULTS_ID, rec.line, 'aco_name is empty');
    const m = (k: ResultField) => (h!.pos.has(k) ? money(g(k), RESULTS_ID, rec.line, col(k)) : null);
    const r = (k: ResultField) =>
      h!.pos.has(k) ? rate(g(k), REACH_RESULTS_LAYOUT.columns[k]!.unit!(py), RESULTS_ID, rec.line, col(k)) : null;
    const gross = m('gross_savings');
    const qualityPublished = text(g('quality_score'));
    const quality = r('quality_score');
    const typePublished = text(g('aco_type'));
    const riskPublished = text(g('risk_arrangement'));
    yield {
      performance_year: py,
      model: modelOf(py),
      layout: `${REACH_RESULTS_LAYOUT.family}@${REACH_RESULTS_LAYOUT.version}`,
      aco_id: acoId,
      aco_name: acoName,
      aco_type: acoTypeSlug(typePublished),
      aco_type_published: typePublished,
      first_performance_year: year(g('first_part_year'), RESULTS_ID, rec.line, 'first_part_year'),
      risk_arrangement: riskSlug(riskPublished),
      risk_arrangement_published: riskPublished,
      stop_loss_election: text(g('stop_loss_election')),
      capitation_arrangement: text(g('capitation_arrangement')),
      enhanced_pcc_election: text(g('enhanced_pcc_election')),
      apo_election: text(g('apo_election')),
      alignment_plus: text(g('alignment_plus')),
      discount_pct: r('discount'),
      retention_withhold_pct: r('retention_withhold'),
      unadjusted_benchmark: m('unadj_benchmark'),
      final_benchmark: m('final_benchmark'),
      savings_rate_pct: r('sav_rate'),
      total_cost_of_care: m('tot_cost_care'),
      total_cost_of_care_net: m('tot_cost_care_net'),
      gross_savings: gross,
      losses: gross === null ? null : Math.max(0, -gross),
      shared_savings: m('shared_savings'),
      shared_savings_after_sequestration: m('shared_savings_seq'),
      capitation_payments: m('cap_pmt_amt'),
      enhanced_pcc_payments: m('epcc_pmt_amt'),
      claims_payments: m('clm_pmt_amt'),
      quality_score_pct: quality,
      quality_score_published: qualityPublished,
      qual_score_note: qualScoreNote(py, qualityPublished, quality !== null),
      source_row: sourceRow(h.names, f),
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!h) throw new PublisherFormatError(RESULTS_ID, 1, 'empty file: no header');
}

/** Digits only when they form the identifier, else null (the published value stays in source_row). */
function npiOf(raw: string): string | null {
  const s = raw.trim();
  return isValidNpi(s) ? s : null;
}
function tinOf(raw: string): string | null {
  const s = raw.trim().replace(/-/g, '');
  return /^\d{9}$/.test(s) ? s : null;
}

/**
 * One participant and preferred provider list: one row per provider of one performance year (the
 * year in the file name), with the identifiers normalized where the published value is one, and
 * its place in its entity's list and in its entity's list of that type, in the file's order (one
 * counter per entity and type: a few hundred numbers, whatever the file's size).
 */
async function* parseProviders(input: ByteInput, py: number): AsyncGenerator<ReachProviderRow> {
  let h: Head<ProviderField> | null = null;
  let record = 0;
  const places = new Map<string, number>();
  const next = (key: string) => {
    const n = (places.get(key) ?? 0) + 1;
    places.set(key, n);
    return n;
  };
  for await (const rec of csvRecords(input, 'utf-8', PROVIDERS_ID)) {
    const f = rec.fields;
    if (!h) {
      h = head(REACH_PROVIDERS_LAYOUT, f, PROVIDERS_ID, rec.line);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const g = cellOf(h, f);
    const acoId = normalizeEntityId(g('aco_id'));
    if (!acoId)
      throw new PublisherFormatError(PROVIDERS_ID, rec.line, `entity id ${JSON.stringify(g('aco_id'))} is not one`);
    const typePublished = g('provider_type').trim();
    const type = providerTypeSlug(typePublished);
    if (!type)
      throw new PublisherFormatError(
        PROVIDERS_ID,
        rec.line,
        `provider type ${JSON.stringify(typePublished)} is neither participant nor preferred`,
      );
    const name = text(g('provider_name'));
    if (!name) throw new PublisherFormatError(PROVIDERS_ID, rec.line, 'provider name is empty');
    const npi = npiOf(g('npi'));
    yield {
      performance_year: py,
      layout: `${REACH_PROVIDERS_LAYOUT.family}@${REACH_PROVIDERS_LAYOUT.version}`,
      aco_id: acoId,
      aco_name: text(g('aco_name')),
      provider_type: type,
      provider_type_published: typePublished,
      provider_name: name,
      npi,
      tin: tinOf(g('tin')),
      ccn: normalizeCcn(g('ccn')),
      state: text(g('state'))?.toUpperCase() ?? null,
      entity_year: entityYear(acoId, py),
      entity_year_type: entityYearType(acoId, py, type),
      position: next(entityYear(acoId, py)),
      type_position: next(entityYearType(acoId, py, type)),
      source_row: sourceRow(h.names, f),
      locator: { line: rec.line, record: ++record },
    };
  }
  if (!h) throw new PublisherFormatError(PROVIDERS_ID, 1, 'empty file: no header');
}

export function reachResultsParser(name: string): PublisherParser<ReachResultRow> {
  return {
    id: RESULTS_ID,
    version: '1',
    parse: (input) => parseResults(input, performanceYearOf(name)),
    codesOf: () => [],
  };
}

/** The provider list's parser; its performance year comes from the file name. */
export function reachProvidersParser(name: string): PublisherParser<ReachProviderRow> {
  return {
    id: PROVIDERS_ID,
    version: '1',
    parse: (input) => {
      const py = performanceYearOf(name);
      if (py === null)
        throw new PublisherFormatError(PROVIDERS_ID, 0, `no performance year in the file name ${JSON.stringify(name)}`);
      return parseProviders(input, py);
    },
    codesOf: () => [],
  };
}
