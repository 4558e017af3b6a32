import { z } from '@hono/zod-openapi';

/**
 * The catalog dataset of CMS spending by drug (shared/rx/spending-dataset.ts), fed by the three
 * programs' wide files: Medicare Part D, Medicare Part B and Medicaid (one source folder each).
 */
export const SPENDING_DATASET = 'rx_spending';

export const PROGRAMS = ['part_d', 'part_b', 'medicaid'] as const;
export type Program = (typeof PROGRAMS)[number];

/** The source each program is read from. */
export const PROGRAM_SOURCE: Readonly<Record<Program, string>> = {
  part_d: 'cms_partd_spending_by_drug',
  part_b: 'cms_partb_spending_by_drug',
  medicaid: 'cms_medicaid_spending_by_drug',
};

/** Why a figure is null: the publisher suppressed it, its file has no such column, or the cell is blank. */
export const NullReasonSchema = z
  .enum(['suppressed_under_11', 'not_published', 'blank'])
  .openapi('SpendingNullReason', {
    description:
      "`suppressed_under_11`: CMS suppresses beneficiary counts under 11 (and the per-beneficiary average derived from them); `not_published`: the program's file has no such column (Medicaid publishes no beneficiary counts); `blank`: the cell is empty in the published row.",
  });
export type NullReason = z.infer<typeof NullReasonSchema>;

/** The numeric figures of a (drug, manufacturer or overall, year) row, all nullable. */
export const SPENDING_FIGURES = [
  'total_spending',
  'total_dosage_units',
  'total_claims',
  'total_beneficiaries',
  'avg_spend_per_dosage_unit',
  'avg_spend_per_claim',
  'avg_spend_per_beneficiary',
] as const;
export type SpendingFigure = (typeof SPENDING_FIGURES)[number];

const money = (d: string) =>
  z
    .number()
    .nullable()
    .openapi({ description: `${d} In dollars.` });

/**
 * One stored row: a drug (brand and generic name, plus the HCPCS code in Part B) in one program
 * and year, either the `overall` row of the drug or one manufacturer's row, as one release of the
 * wide file states it (a release restates earlier years: the release in force on `as_of` answers).
 */
export const SpendingRowSchema = z
  .object({
    program: z.enum(PROGRAMS),
    year: z.number().int().openapi({ description: 'The calendar (data) year of the figures.' }),
    drug_key: z.string().openapi({
      description:
        'The drug within its program: `<hcpcs>|<brand>|<generic>` lower-cased (hcpcs empty outside Part B). With manufacturer and year it is unique in a release.',
    }),
    brand_name: z.string(),
    generic_name: z.string(),
    hcpcs: z.string().nullable().openapi({ description: 'Part B only: the HCPCS code the drug is billed under.' }),
    hcpcs_description: z.string().nullable(),
    level: z.enum(['overall', 'manufacturer']).openapi({
      description:
        "`overall`: the drug across its manufacturers (the publisher's `Overall` row); `manufacturer`: one manufacturer.",
    }),
    manufacturer: z.string().nullable().openapi({
      description: 'As published (CMS truncates names, e.g. `Major Pharmaceu`); null on overall rows.',
    }),
    manufacturer_key: z.string().nullable().openapi({ description: 'The manufacturer lower-cased, for the filter.' }),
    manufacturer_count: z.number().int().nullable().openapi({ description: 'Tot_Mftr: manufacturers of the drug.' }),
    total_spending: money('Tot_Spndng: gross spending in the year (no rebates netted).'),
    total_dosage_units: z.number().nullable(),
    total_claims: z.number().nullable(),
    total_beneficiaries: z.number().nullable(),
    avg_spend_per_dosage_unit: money('Average spending per dosage unit (claim-weighted where the file says so).'),
    avg_spend_per_claim: money('Average spending per claim.'),
    avg_spend_per_beneficiary: money('Average spending per beneficiary.'),
    outlier: z.boolean().nullable().openapi({
      description:
        "Outlier_Flag: CMS flags the year's average spending per dosage unit as an outlier (read it with care).",
    }),
    spending_growth_pct: z.number().nullable().openapi({
      description:
        'Change of total_spending from the previous year of the same release, in percent; null for its first year or when either year is blank or zero.',
    }),
    unit_cost_change_pct: z.number().nullable().openapi({
      description: "Chg_Avg_Spnd_Per_Dsg_Unt: the release's last-year change of spending per dosage unit, in percent.",
    }),
    unit_cost_change_years: z.string().nullable().openapi({ example: '2021-2022' }),
    unit_cost_cagr_pct: z.number().nullable().openapi({
      description:
        "CAGR_Avg_Spnd_Per_Dsg_Unt: compound annual growth of spending per dosage unit over the release's years, in percent.",
    }),
    unit_cost_cagr_years: z.string().nullable().openapi({ example: '2018-2022' }),
    null_reasons: z.record(z.string(), NullReasonSchema).openapi({
      description: 'For each null figure, why it is null.',
    }),
    top_year: z.number().int().nullable().openapi({
      description: 'The year on overall rows, null on manufacturer rows (the partition the top rankings read).',
    }),
  })
  .openapi('SpendingRow');

export type SpendingRow = z.infer<typeof SpendingRowSchema> & { locator: { line: number; record: number } };

/** The rankings of /rx/spending/top and the listing each reads (./spending-dataset.ts). */
export const TOP_METRICS = {
  total_spending: 'top_spending',
  avg_spend_per_dosage_unit: 'top_unit_cost',
  spending_growth_pct: 'top_growth',
  total_beneficiaries: 'top_beneficiaries',
  total_claims: 'top_claims',
} as const;
export type TopMetric = keyof typeof TOP_METRICS;

/** What each program's file covers and omits, for the methodology of every answer. */
export const PROGRAM_NOTES: Readonly<Record<Program, string>> = {
  part_d:
    'Part D (cms_partd_spending_by_drug, Medicare Part D Spending by Drug): prescription drug event data of Medicare Part D plans (stand-alone and Medicare Advantage drug plans), by brand and generic name (First Databank names) and manufacturer. Spending is the gross drug cost (ingredient cost, dispensing fee, sales tax, vaccine administration fee) paid by plans and beneficiaries; manufacturer rebates and other price concessions are NOT netted (CMS may not disclose them), so it overstates net cost, most for brands. Beneficiary counts under 11 are suppressed (and the per-beneficiary average with them). Spending per dosage unit is claim-weighted across strengths and forms.',
  part_b:
    'Part B (cms_partb_spending_by_drug, Medicare Part B Spending by Drug): fee-for-service claims for drugs administered in physician offices and outpatient settings, by HCPCS code (a code can cover several products); spending is the Medicare payment plus beneficiary cost sharing, largely ASP-based, and omits Medicare Advantage, drugs paid inside bundled payments (e.g. inpatient, ESRD) and any manufacturer discounts. Beneficiary counts under 11 are suppressed.',
  medicaid:
    "Medicaid (cms_medicaid_spending_by_drug, Medicaid Spending by Drug): outpatient drugs reimbursed by state Medicaid programs (fee-for-service and managed care as states report them), Federal and State share plus dispensing fees; NOT reduced by the Medicaid Drug Rebate Program rebates or state supplemental rebates, so net cost is far lower. The file publishes no beneficiary counts (null, `not_published`). Figures lag states' reporting and may be revised.",
};

export const SPENDING_METHODOLOGY_COMMON =
  "CMS Spending by Drug files (data.cms.gov), one release a year per program: each release restates its five years (figures for an earlier year can change between releases), so every answer reads the release in force on `as_of` and names it in `sources`. Rows are per drug and year, either the drug overall (`level` overall, the publisher's Overall row) or one manufacturer; summing manufacturer rows with overall rows double counts. Money is in dollars as published; changes and CAGR are percent (the file's fractions times 100); `spending_growth_pct` is computed from two years of the same release. Null figures carry their reason in `null_reasons`. Manufacturer names are truncated by CMS. No patient-level data.";
