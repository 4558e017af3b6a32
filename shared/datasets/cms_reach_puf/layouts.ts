import { normalizeName } from '../../publishers/common/header';

/**
 * The column maps of the two ACO REACH files, each versioned (`<family>@<version>`, stored with
 * every row). Columns are found by name (case and spacing ignored), never by position; a rate's
 * unit is declared per family and performance year, and every rate is served in percent.
 *
 * - `reach-results`: data.cms.gov "ACO REACH Financial and Quality Results" PUF (formerly GPDC),
 *   one row per entity with its performance year in `perf_year`. Its schema as published on
 *   data.cms.gov, for the earliest (GPDC PY2021) release as for later ones, starts `aco_id, aco_name,
 *   aco_type, first_part_year, perf_year, risk_arrangement, stop_loss_election,
 *   capitation_arrangement, enhanced_pcc_election, apo_election, alignment_plus, discount,
 *   retention_withhold, unadj_benchmark, final_benchmark, sav_rate, ..., tot_cost_care_net,
 *   tot_cost_care, gross_savings, shared_savings, shared_savings_seq, cap_pmt_amt, epcc_pmt_amt,
 *   clm_pmt_amt, expnd_*, hist_by*_*`: the GPDC years are the same family, read with the same map.
 *   Rates (`discount`, `retention_withhold`, `sav_rate`) are proportions (0.035); the quality score
 *   column (`quality_score`, not in the part of the schema that could be read, see
 *   fixtures/README.md) is a 0-100 score. The `DCE_*` names of the GPDC documents are accepted too.
 * - `reach-providers`: the participant and preferred provider list, one row per provider (see
 *   fixtures/README.md for what is documented of it and what is not).
 */
export type ResultField =
  | 'aco_id'
  | 'aco_name'
  | 'aco_type'
  | 'first_part_year'
  | 'perf_year'
  | 'risk_arrangement'
  | 'stop_loss_election'
  | 'capitation_arrangement'
  | 'enhanced_pcc_election'
  | 'apo_election'
  | 'alignment_plus'
  | 'discount'
  | 'retention_withhold'
  | 'unadj_benchmark'
  | 'final_benchmark'
  | 'sav_rate'
  | 'tot_cost_care_net'
  | 'tot_cost_care'
  | 'gross_savings'
  | 'shared_savings'
  | 'shared_savings_seq'
  | 'cap_pmt_amt'
  | 'epcc_pmt_amt'
  | 'clm_pmt_amt'
  | 'quality_score';

export type ProviderField = 'aco_id' | 'aco_name' | 'provider_type' | 'provider_name' | 'npi' | 'tin' | 'ccn' | 'state';

/** `percent`: printed as a percentage (with or without `%`); `proportion`: a fraction of 1 (x 100). */
export type Unit = 'percent' | 'proportion';

export interface ColumnMap {
  names: readonly string[];
  unit?: (performanceYear: number) => Unit;
}

export interface Layout<F extends string> {
  family: string;
  version: number;
  required: readonly F[];
  columns: Readonly<Partial<Record<F, ColumnMap>>>;
}

const proportion = () => 'proportion' as const;
const percent = () => 'percent' as const;

export const REACH_RESULTS_LAYOUT: Layout<ResultField> = {
  family: 'reach-results',
  version: 1,
  required: ['aco_id', 'aco_name', 'perf_year'],
  columns: {
    aco_id: { names: ['aco_id', 'dce_id'] },
    aco_name: { names: ['aco_name', 'dce_name'] },
    aco_type: { names: ['aco_type', 'dce_type'] },
    first_part_year: { names: ['first_part_year'] },
    perf_year: { names: ['perf_year', 'performance_year'] },
    risk_arrangement: { names: ['risk_arrangement'] },
    stop_loss_election: { names: ['stop_loss_election'] },
    capitation_arrangement: { names: ['capitation_arrangement'] },
    enhanced_pcc_election: { names: ['enhanced_pcc_election'] },
    apo_election: { names: ['apo_election'] },
    alignment_plus: { names: ['alignment_plus'] },
    discount: { names: ['discount'], unit: proportion },
    retention_withhold: { names: ['retention_withhold'], unit: proportion },
    unadj_benchmark: { names: ['unadj_benchmark'] },
    final_benchmark: { names: ['final_benchmark'] },
    sav_rate: { names: ['sav_rate'], unit: proportion },
    tot_cost_care_net: { names: ['tot_cost_care_net'] },
    tot_cost_care: { names: ['tot_cost_care'] },
    gross_savings: { names: ['gross_savings'] },
    shared_savings: { names: ['shared_savings'] },
    shared_savings_seq: { names: ['shared_savings_seq'] },
    cap_pmt_amt: { names: ['cap_pmt_amt'] },
    epcc_pmt_amt: { names: ['epcc_pmt_amt'] },
    clm_pmt_amt: { names: ['clm_pmt_amt'] },
    quality_score: { names: ['quality_score', 'qual_score', 'total_quality_score'], unit: percent },
  },
};

export const REACH_PROVIDERS_LAYOUT: Layout<ProviderField> = {
  family: 'reach-providers',
  version: 1,
  required: ['aco_id', 'provider_type', 'provider_name'],
  columns: {
    aco_id: { names: ['aco_id', 'entity_id', 'dce_id'] },
    aco_name: { names: ['aco_name', 'entity_name', 'dce_name'] },
    provider_type: { names: ['provider_type', 'participant_type', 'provider_category'] },
    provider_name: { names: ['provider_name', 'legal_business_name', 'provider_legal_business_name'] },
    npi: { names: ['npi', 'provider_npi', 'individual_npi'] },
    tin: { names: ['tin', 'provider_tin', 'billing_tin'] },
    ccn: { names: ['ccn', 'provider_ccn'] },
    state: { names: ['state', 'provider_state'] },
  },
};

/** A header name as compared: case, spaces and underscores alike (`ACO_ID`, `aco id`, `Aco_Id`). */
export function headerKey(name: string): string {
  return normalizeName(name.replace(/^\uFEFF/, '')).replace(/[\s_]+/g, '_');
}

/** The position of each field of the layout in the header; a required field missing is reported by name. */
export function positions<F extends string>(
  layout: Layout<F>,
  names: readonly string[],
): { pos: Map<F, number>; missing: string | null } {
  const keys = names.map(headerKey);
  const pos = new Map<F, number>();
  for (const [field, col] of Object.entries(layout.columns) as [F, ColumnMap][]) {
    const i = col.names.map((n) => keys.indexOf(headerKey(n))).find((p) => p >= 0) ?? -1;
    if (i >= 0) pos.set(field, i);
    else if (layout.required.includes(field)) return { pos, missing: col.names[0]! };
  }
  return { pos, missing: null };
}
