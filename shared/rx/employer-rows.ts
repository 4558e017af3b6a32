import { z } from '@hono/zod-openapi';

/** The catalog datasets of the Form 5500 source (shared/datasets/dol_form5500). */
export const FORM5500_PLANS_DATASET = 'dol_form5500_health_plans';
export const FORM5500_SCH_A_DATASET = 'dol_form5500_sch_a';
export const FORM5500_SCH_C_DATASET = 'dol_form5500_sch_c';
export const PLAN_OWNERSHIP_DATASET = 'dol_form5500_ownership';
export const FORM5500_SOURCE = 'dol_form5500';
/** The rollups of the plans dataset (one version = one plan year's file). */
export const EMPLOYER_ROLLUPS = {
  metro: 'by_metro',
  integration: 'by_integration',
  parent: 'by_integration_parent',
  pbm: 'by_pbm',
} as const;

export const HEALTH_FUNDING_CLASSES = ['self_funded_only', 'self_funded_with_stop_loss', 'insured_only'] as const;
export type HealthFundingClass = (typeof HEALTH_FUNDING_CLASSES)[number];
export const INTEGRATION_CLASSES = ['same_parent', 'blues_affiliated', 'different', 'unclassified'] as const;
export type IntegrationClass = (typeof INTEGRATION_CLASSES)[number];

/** One contract of Schedule A (insurance information), as stored. */
export const ScheduleARowSchema = z
  .object({
    ack_id: z.string(),
    carrier_name: z.string().nullable(),
    carrier_ein: z.string().nullable(),
    carrier_naic: z.string().nullable(),
    contract_num: z.string().nullable(),
    persons_covered: z.number().nullable(),
    health: z.boolean(),
    drug: z.boolean(),
    stop_loss: z.boolean(),
    hmo: z.boolean(),
    ppo: z.boolean(),
    indemnity: z.boolean(),
    dental: z.boolean(),
    vision: z.boolean(),
    premium_earned: z.number().nullable(),
  })
  .openapi('Form5500ScheduleARow');
export type ScheduleARow = z.infer<typeof ScheduleARowSchema> & { locator: { line: number; record: number } };

/** One service provider of Schedule C part I item 2 (reportable compensation), as stored. */
export const ScheduleCRowSchema = z
  .object({
    ack_id: z.string(),
    row_order: z.number().int().nullable(),
    provider_name: z.string(),
    provider_ein: z.string().nullable(),
    service_codes: z.array(z.string()),
    relation: z.string().nullable(),
    direct_comp: z.number().nullable(),
    indirect_comp: z.number().nullable(),
  })
  .openapi('Form5500ScheduleCRow');
export type ScheduleCRow = z.infer<typeof ScheduleCRowSchema> & { locator: { line: number; record: number } };

export const CitationSchema = z
  .object({ title: z.string(), url: z.string(), published: z.string().nullable(), says: z.string() })
  .openapi('OwnershipCitation');

/** One entity of the curated ownership table: a PBM or a carrier, its parent, its spellings, its basis. */
export const OwnershipRowSchema = z
  .object({
    entity_id: z.string(),
    kind: z.enum(['pbm', 'carrier']),
    name: z.string(),
    parent: z.string(),
    blues_affiliated: z.boolean(),
    aliases: z.array(z.string()).openapi({ description: 'Name phrases (normalized) a filed name is matched by.' }),
    eins: z.array(z.string()),
    citations: z.array(CitationSchema),
  })
  .openapi('PlanOwnershipEntity');
export type OwnershipRow = z.infer<typeof OwnershipRowSchema> & { locator: { line: number; record: number } };

export const NameMatchSchema = z
  .object({
    as_filed: z.string(),
    entity_id: z.string(),
    name: z.string(),
    parent: z.string(),
    matched_by: z.string().openapi({ description: '`ein:<EIN>` or `alias:<phrase>` of the ownership table.' }),
  })
  .openapi('OwnershipNameMatch');
export type NameMatch = z.infer<typeof NameMatchSchema>;

export const CarrierSchema = z
  .object({
    name: z.string(),
    ein: z.string().nullable(),
    naic: z.string().nullable(),
    role: z.enum(['drug_coverage', 'health_coverage', 'stop_loss', 'administrator']),
    match: NameMatchSchema.nullable(),
  })
  .openapi('EmployerPlanCarrier');

/**
 * One health plan filing of the main Form 5500 (a welfare plan with benefit code 4A), with its
 * Schedule A and C facts joined by ACK_ID and its metro placed at load time (shared/rx/employer-place.ts).
 */
export const HealthPlanRowSchema = z
  .object({
    ack_id: z.string(),
    form_year: z.number().int(),
    plan_year_begin: z.string().nullable(),
    plan_year_end: z.string().nullable(),
    ein: z.string(),
    plan_num: z.string(),
    plan_key: z.string().openapi({ description: '`<ein>-<plan_num>`: the plan across years.' }),
    plan_name: z.string().nullable(),
    sponsor_name: z.string(),
    state: z.string().nullable(),
    zip5: z.string().nullable(),
    active_participants: z.number().nullable(),
    total_participants_boy: z.number().nullable(),
    welfare_codes: z.array(z.string()),
    funding_insurance: z.boolean(),
    funding_trust: z.boolean(),
    funding_gen_asset: z.boolean(),
    benefit_insurance: z.boolean(),
    benefit_trust: z.boolean(),
    benefit_gen_asset: z.boolean(),
    sch_a_count: z.number().int().nullable(),
    sch_c_attached: z.boolean(),
    date_received: z.string().nullable(),
    // Placed at load time.
    cbsa: z.string().nullable(),
    stop_loss: z.boolean(),
    health_funding_class: z.enum(HEALTH_FUNDING_CLASSES).nullable(),
    funding_basis: z.string(),
    pbm_key: z.string().nullable(),
    pbm_name: z.string().nullable(),
    pbm_parent: z.string().nullable(),
    pbm_fees: z.number().nullable(),
    pbm_matches: z.array(
      NameMatchSchema.extend({ direct_comp: z.number().nullable(), indirect_comp: z.number().nullable() }),
    ),
    carriers: z.array(CarrierSchema),
    integration: z.enum(INTEGRATION_CLASSES),
    integration_parent: z.string().nullable(),
    integration_basis: z.string(),
    placed_with: z.string(),
  })
  .openapi('EmployerHealthPlanRow');
export type HealthPlanRow = z.infer<typeof HealthPlanRowSchema> & { locator: { line: number; record: number } };

export const EMPLOYER_METHODOLOGY = [
  'Source: the DOL EBSA Form 5500 FOIA datasets (the main form, Schedule A insurance contracts and Schedule C part I item 2 service providers), one file per plan year, joined by ACK_ID when the main form loads. Only plans filing the full Form 5500 with welfare benefit code 4A (health) are listed.',
  "Filing limits: welfare plans with fewer than 100 participants that are fully insured or unfunded are exempt from filing (29 CFR 2520.104-20), so small insured plans are absent; plans filing Form 5500-SF carry no Schedules A or C here. Schedule C lists only service providers with $5,000 or more of reportable compensation, and DOL guidance lets PBM rebate and spread revenue go unreported unless the plan cedes it as compensation: disclosed PBM fees are a floor, often zero, never the PBM's revenue. Insurance fees reported on Schedule A are not on Schedule C.",
  "health_funding_class: self-funded when the funding or benefit arrangement (lines 9a/9b) names the trust or the sponsor's general assets; with stop-loss when a Schedule A contract of the filing has the stop-loss indicator; insured only when the arrangements name insurance and neither trust nor general assets. A self-funded plan that also buys a health, HMO or PPO contract without stop-loss is mixed and left null (funding_basis says why). PBMs are found by matching Schedule C provider names and EINs against a curated ownership table (each match shown); integration compares the PBM's parent with the parents of the drug and health carriers (Schedule A) and administrators (Schedule C) found in the same table: same_parent, blues_affiliated (both Blue Cross Blue Shield licensees or Blue-owned), different, or unclassified when either side is unknown.",
  'Lag: a plan year\'s filings arrive up to 9.5 months after it ends and DOL refreshes each year\'s "latest" file monthly; each plan year is answered from the newest refresh of its file in force on as_of, and the latest filing per plan supersedes (DOL\'s "latest" files keep the most recent filing of each plan year).',
].join(' ');
