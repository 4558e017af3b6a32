import { csvRecords, isBlankRecord } from '../common/csv';
import { PublisherFormatError } from '../common/errors';
import { at, HeaderIndex, normalizeName } from '../common/header';
import type { ByteInput, Located } from '../common/types';
import { text } from '../common/values';

/**
 * The wide "Spending by Drug" layout CMS publishes for Medicare Part D, Medicare Part B and Medicaid
 * (data.cms.gov, the Drug Spending dashboards' downloads): one row per drug and manufacturer plus an
 * `Overall` row per drug, the release's five years as column groups (`Tot_Spndng_2018` …
 * `Outlier_Flag_2022`), then the release's unit-cost change (`Chg_Avg_Spnd_Per_Dsg_Unt_21_22`) and
 * CAGR (`CAGR_Avg_Spnd_Per_Dsg_Unt_18_22`). The years move by one every release, so they are read
 * from the header (every `Tot_Spndng_<yyyy>`), never assumed. Each published row becomes one
 * record per year that has any figure (a drug not yet or no longer on the market has blank years).
 */

export type SpendingProgram = 'part_d' | 'part_b' | 'medicaid';
export type SpendingNullReason = 'suppressed_under_11' | 'not_published' | 'blank';

export interface SpendingRecord extends Located {
  program: SpendingProgram;
  year: number;
  drug_key: string;
  brand_name: string;
  generic_name: string;
  hcpcs: string | null;
  hcpcs_description: string | null;
  level: 'overall' | 'manufacturer';
  manufacturer: string | null;
  manufacturer_key: string | null;
  manufacturer_count: number | null;
  total_spending: number | null;
  total_dosage_units: number | null;
  total_claims: number | null;
  total_beneficiaries: number | null;
  avg_spend_per_dosage_unit: number | null;
  avg_spend_per_claim: number | null;
  avg_spend_per_beneficiary: number | null;
  outlier: boolean | null;
  spending_growth_pct: number | null;
  unit_cost_change_pct: number | null;
  unit_cost_change_years: string | null;
  unit_cost_cagr_pct: number | null;
  unit_cost_cagr_years: string | null;
  null_reasons: Record<string, SpendingNullReason>;
  top_year: number | null;
}

type Figure =
  | 'total_spending'
  | 'total_dosage_units'
  | 'total_claims'
  | 'total_beneficiaries'
  | 'avg_spend_per_dosage_unit'
  | 'avg_spend_per_claim'
  | 'avg_spend_per_beneficiary';

/**
 * A layout version: the drug columns and, per year `{y}`, each figure's column names (the first
 * present wins). `dsd-2021` is the data.cms.gov layout of the releases from RY2021 on (Part D
 * DY2019 onwards): abbreviated names such as `Tot_Spndng_2022`; Part D and Medicaid publish the
 * claim-weighted `Avg_Spnd_Per_Dsg_Unt_Wghtd_{y}`, Part B `Avg_Spnd_Per_Dsg_Unt_{y}`. A later
 * renaming is a new entry here, tried in order by its `detect` column.
 */
interface Layout {
  id: string;
  detect: RegExp;
  drug: {
    brand: string[];
    generic: string[];
    mftrCount: string[];
    mftr: string[];
    hcpcs: string[];
    hcpcsDesc: string[];
  };
  years: Record<Figure | 'outlier', string[]>;
  change: RegExp;
  cagr: RegExp;
}

export const SPENDING_LAYOUTS: readonly Layout[] = [
  {
    id: 'dsd-2021',
    detect: /^tot_spndng_(\d{4})$/,
    drug: {
      brand: ['Brnd_Name'],
      generic: ['Gnrc_Name'],
      mftrCount: ['Tot_Mftr'],
      mftr: ['Mftr_Name'],
      hcpcs: ['HCPCS_Cd'],
      hcpcsDesc: ['HCPCS_Desc'],
    },
    years: {
      total_spending: ['Tot_Spndng_{y}'],
      total_dosage_units: ['Tot_Dsg_Unts_{y}'],
      total_claims: ['Tot_Clms_{y}'],
      total_beneficiaries: ['Tot_Benes_{y}'],
      avg_spend_per_dosage_unit: ['Avg_Spnd_Per_Dsg_Unt_Wghtd_{y}', 'Avg_Spnd_Per_Dsg_Unt_{y}'],
      avg_spend_per_claim: ['Avg_Spnd_Per_Clm_{y}'],
      avg_spend_per_beneficiary: ['Avg_Spnd_Per_Bene_{y}'],
      outlier: ['Outlier_Flag_{y}'],
    },
    change: /^chg_avg_spnd_per_dsg_unt_(\d{2})_(\d{2})$/,
    cagr: /^cagr_avg_spnd_per_dsg_unt_(\d{2})_(\d{2})$/,
  },
];

const FIGURES: readonly Figure[] = [
  'total_spending',
  'total_dosage_units',
  'total_claims',
  'total_beneficiaries',
  'avg_spend_per_dosage_unit',
  'avg_spend_per_claim',
  'avg_spend_per_beneficiary',
];
/** Figures CMS suppresses when the beneficiary count is under 11. */
const BENE_FIGURES = new Set<Figure>(['total_beneficiaries', 'avg_spend_per_beneficiary']);

interface Plan {
  layout: Layout;
  brand: number;
  generic: number;
  mftrCount: number;
  mftr: number;
  hcpcs: number;
  hcpcsDesc: number;
  years: { year: number; cols: Record<Figure | 'outlier', number> }[];
  change: { pos: number; years: string } | null;
  cagr: { pos: number; years: string } | null;
}

const twoDigitYears = (m: RegExpExecArray) => `20${m[1]}-20${m[2]}`;

function planOf(names: readonly string[], parserId: string, line: number, program: SpendingProgram): Plan {
  const h = new HeaderIndex(names, parserId, line);
  const norm = names.map(normalizeName);
  const layout = SPENDING_LAYOUTS.find((l) => norm.some((n) => l.detect.test(n)));
  if (!layout)
    throw new PublisherFormatError(parserId, line, 'no Tot_Spndng_<year> column: not a Spending by Drug layout');
  const years = [
    ...new Set(norm.flatMap((n) => (layout.detect.exec(n) ? [Number(layout.detect.exec(n)![1])] : []))),
  ].sort();
  const find = (list: string[], y?: number) =>
    h.find(...list.map((n) => (y === undefined ? n : n.replace('{y}', String(y)))));
  const special = (re: RegExp) => {
    const i = norm.findIndex((n) => re.test(n));
    return i < 0 ? null : { pos: i, years: twoDigitYears(re.exec(norm[i]!)!) };
  };
  const plan: Plan = {
    layout,
    brand: h.require(...layout.drug.brand),
    generic: h.require(...layout.drug.generic),
    mftrCount: find(layout.drug.mftrCount),
    mftr: find(layout.drug.mftr),
    hcpcs: program === 'part_b' ? h.require(...layout.drug.hcpcs) : find(layout.drug.hcpcs),
    hcpcsDesc: find(layout.drug.hcpcsDesc),
    years: years.map((year) => ({
      year,
      cols: Object.fromEntries(Object.entries(layout.years).map(([k, list]) => [k, find(list, year)])) as Record<
        Figure | 'outlier',
        number
      >,
    })),
    change: special(layout.change),
    cagr: special(layout.cagr),
  };
  return plan;
}

/** A published number (`167193.78`, `-0.0052`, `1.2E-5`, `$1,234`), or null when empty. */
function num(raw: string, parserId: string, line: number, column: string): number | null {
  const s = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (s === '') return null;
  const n = Number(s);
  if (!Number.isFinite(n))
    throw new PublisherFormatError(parserId, line, `${column}: not a number: ${JSON.stringify(raw)}`);
  return n;
}

/** A fraction as published (0.0128) in percent (1.28), rounded to 6 decimals. */
const pct = (fraction: number | null) => (fraction === null ? null : Math.round(fraction * 100 * 1e6) / 1e6);

export async function* parseSpendingByDrug(
  input: ByteInput,
  program: SpendingProgram,
  parserId: string,
): AsyncGenerator<SpendingRecord> {
  let plan: Plan | null = null;
  let count = 0;
  for await (const rec of csvRecords(input, 'utf-8', parserId)) {
    const f = rec.fields;
    if (!plan) {
      plan = planOf(f, parserId, rec.line, program);
      continue;
    }
    if (isBlankRecord(f)) continue;
    const brand = text(at(f, plan.brand));
    const generic = text(at(f, plan.generic));
    if (!brand && !generic) throw new PublisherFormatError(parserId, rec.line, 'Brnd_Name and Gnrc_Name are empty');
    const hcpcs = text(at(f, plan.hcpcs))?.toUpperCase() ?? null;
    if (program === 'part_b' && !hcpcs) throw new PublisherFormatError(parserId, rec.line, 'HCPCS_Cd is empty');
    const mftr = text(at(f, plan.mftr));
    const overall = plan.mftr < 0 || mftr === null || mftr.toLowerCase() === 'overall';
    const mftrCount = num(at(f, plan.mftrCount), parserId, rec.line, 'Tot_Mftr');
    const change = plan.change
      ? pct(num(at(f, plan.change.pos), parserId, rec.line, 'Chg_Avg_Spnd_Per_Dsg_Unt'))
      : null;
    const cagr = plan.cagr ? pct(num(at(f, plan.cagr.pos), parserId, rec.line, 'CAGR_Avg_Spnd_Per_Dsg_Unt')) : null;
    const drugKey = [hcpcs ?? '', brand ?? '', generic ?? ''].join('|').toLowerCase();
    let previousSpending: number | null = null;
    for (const { year, cols } of plan.years) {
      const values = {} as Record<Figure, number | null>;
      for (const k of FIGURES) values[k] = num(at(f, cols[k]), parserId, rec.line, `${k} ${year}`);
      const spending = values.total_spending;
      const growth =
        spending !== null && previousSpending !== null && previousSpending !== 0
          ? Math.round(((spending - previousSpending) / Math.abs(previousSpending)) * 100 * 1e4) / 1e4
          : null;
      previousSpending = spending;
      if (FIGURES.every((k) => values[k] === null)) continue; // no figure in that year: not a row
      const nullReasons: Record<string, SpendingNullReason> = {};
      for (const k of FIGURES) {
        if (values[k] !== null) continue;
        nullReasons[k] =
          cols[k] < 0
            ? 'not_published'
            : BENE_FIGURES.has(k) && values.total_claims !== null
              ? 'suppressed_under_11'
              : 'blank';
      }
      const flag = text(at(f, cols.outlier));
      yield {
        program,
        year,
        drug_key: drugKey,
        brand_name: brand ?? generic!,
        generic_name: generic ?? brand!,
        hcpcs,
        hcpcs_description: text(at(f, plan.hcpcsDesc)),
        level: overall ? 'overall' : 'manufacturer',
        manufacturer: overall ? null : mftr,
        manufacturer_key: overall ? null : mftr!.toLowerCase(),
        manufacturer_count: mftrCount,
        ...values,
        outlier: flag === null ? null : flag === '1' || flag.toUpperCase() === 'Y',
        spending_growth_pct: growth,
        unit_cost_change_pct: change,
        unit_cost_change_years: plan.change?.years ?? null,
        unit_cost_cagr_pct: cagr,
        unit_cost_cagr_years: plan.cagr?.years ?? null,
        null_reasons: nullReasons,
        top_year: overall ? year : null,
        locator: { line: rec.line, record: ++count },
      };
    }
  }
  if (!plan) throw new PublisherFormatError(parserId, 1, 'empty file: no header');
}

/** The data years of a header line (for version labels read from content). */
export function yearsOfHeader(header: readonly string[]): number[] {
  const re = SPENDING_LAYOUTS[0]!.detect;
  return header.flatMap((n) => {
    const m = re.exec(normalizeName(n));
    return m ? [Number(m[1])] : [];
  });
}
