import type { Located } from '../publishers/common/types';

/**
 * The rows of CMS's ACO REACH public use files (`cms_reach_puf`), as stored by
 * shared/datasets/cms_reach_puf and read by ./reach.ts: the Financial and Quality Results PUF (one
 * row per REACH ACO and performance year; the predecessor GPDC model's PY2021-PY2022 rows are the
 * same file family) and the participant and preferred provider list (one row per provider and
 * performance year). Money is in dollars; every rate is in percent.
 */
export const REACH_RESULTS = 'cms_reach_results';
export const REACH_PROVIDERS = 'cms_reach_providers';

/** Which model a performance year belongs to: GPDC until PY2022, renamed ACO REACH from PY2023. */
export type ReachModel = 'gpdc' | 'aco_reach';
export const modelOf = (performanceYear: number): ReachModel => (performanceYear <= 2022 ? 'gpdc' : 'aco_reach');

export interface ReachResultRow extends Located {
  performance_year: number;
  model: ReachModel;
  /** The layout family and mapping version the row was read with (e.g. `reach-results@1`). */
  layout: string;
  /** CMS's entity id (`D0123`): the GPDC DCE id, kept by the entity in ACO REACH. */
  aco_id: string;
  aco_name: string;
  /** `standard`, `new_entrant`, `high_needs` (the published text in aco_type_published). */
  aco_type: string | null;
  aco_type_published: string | null;
  first_performance_year: number | null;
  /** `global` or `professional` (the published text in risk_arrangement_published). */
  risk_arrangement: string | null;
  risk_arrangement_published: string | null;
  stop_loss_election: string | null;
  capitation_arrangement: string | null;
  enhanced_pcc_election: string | null;
  apo_election: string | null;
  alignment_plus: string | null;
  discount_pct: number | null;
  retention_withhold_pct: number | null;
  unadjusted_benchmark: number | null;
  final_benchmark: number | null;
  savings_rate_pct: number | null;
  total_cost_of_care: number | null;
  total_cost_of_care_net: number | null;
  /** Benchmark minus spending before risk sharing, dollars (negative: spending above the benchmark). */
  gross_savings: number | null;
  /** Spending above the benchmark in dollars (0 when under it). */
  losses: number | null;
  /** Savings (positive) or losses (negative) after the risk arrangement's sharing, dollars. */
  shared_savings: number | null;
  /** shared_savings after sequestration, dollars. */
  shared_savings_after_sequestration: number | null;
  capitation_payments: number | null;
  enhanced_pcc_payments: number | null;
  claims_payments: number | null;
  quality_score_pct: number | null;
  quality_score_published: string | null;
  qual_score_note: string;
  source_row: Record<string, string>;
}

export interface ReachProviderRow extends Located {
  performance_year: number;
  layout: string;
  aco_id: string;
  aco_name: string | null;
  /** `participant` or `preferred`. */
  provider_type: string;
  provider_type_published: string;
  provider_name: string;
  /** 10 digits with a valid check digit, else null (the published value stays in source_row). */
  npi: string | null;
  /** 9 digits, hyphens dropped, else null. */
  tin: string | null;
  /** 6 characters (leading zero restored), else null. */
  ccn: string | null;
  state: string | null;
  /** `<aco_id>#<performance_year>`: the listing partition of one entity's list of one year. */
  entity_year: string;
  /** `<aco_id>#<performance_year>#<provider_type>`: the partition of one entity's providers of one type. */
  entity_year_type: string;
  /** 1-based place among the entity's providers of the year, in the file's order: offset paging is a key range. */
  position: number;
  /** 1-based place among the entity's providers of the year and type, in the file's order. */
  type_position: number;
  source_row: Record<string, string>;
}

/** REACH entity ids as CMS writes them: `D` and four digits (GPDC DCE ids, kept in ACO REACH). */
export const ENTITY_ID_PATTERN = /^D\d{4}$/;

export function normalizeEntityId(raw: string): string | null {
  const s = raw.trim().toUpperCase();
  return ENTITY_ID_PATTERN.test(s) ? s : null;
}

export const entityYear = (acoId: string, performanceYear: number) => `${acoId}#${performanceYear}`;
export const entityYearType = (acoId: string, performanceYear: number, type: string) =>
  `${acoId}#${performanceYear}#${type}`;

/** `Standard`, `New Entrant`, `High Needs Population` -> a slug; other text is slugged as is. */
export function acoTypeSlug(raw: string | null): string | null {
  if (!raw) return null;
  const s = raw.trim().toLowerCase();
  if (s.startsWith('standard')) return 'standard';
  if (s.startsWith('new entrant') || s === 'new_entrant') return 'new_entrant';
  if (s.startsWith('high need')) return 'high_needs';
  return s.replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || null;
}

/** `Global`, `Professional` (with or without "Risk Sharing Option") -> a slug. */
export function riskSlug(raw: string | null): string | null {
  if (!raw) return null;
  const s = raw.trim().toLowerCase();
  if (s.startsWith('global')) return 'global';
  if (s.startsWith('professional')) return 'professional';
  return s.replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || null;
}

/** `Participant Provider`, `Preferred Provider` (or `Participant`/`Preferred`) -> a slug; null otherwise. */
export function providerTypeSlug(raw: string): 'participant' | 'preferred' | null {
  const s = raw.trim().toLowerCase();
  if (s.startsWith('participant')) return 'participant';
  if (s.startsWith('preferred')) return 'preferred';
  return null;
}
