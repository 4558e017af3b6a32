import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';

export const COST_REPORT_METHODOLOGY =
  'HCRIS cost reports (Form CMS-2552-10) are prepared by the hospital and filed with its Medicare Administrative Contractor; CMS publishes them as processed. As Submitted (status 1) and Amended (5) figures are the provider’s own and unaudited; Settled w/o Audit (2) and Settled with Audit (3) reflect the contractor’s desk review or audit; Reopened (4) revises a settlement. Figures cover the cost-reporting period named (period_begin to period_end), which differs between hospitals and need not be twelve months; the HCRIS fiscal year is the federal fiscal year (1 October to 30 September) in which the period begins. Amounts are in dollars as filed in the NMRC table (S-10 line 1 is a ratio). HCRIS stores no cell for a blank entry, so null means nothing was filed on that line and column, which the form treats as zero. Line meanings are those of the current 2552-10 form; Worksheet S-10 lines changed meaning when the worksheet was revised, so older reports may not compare. CMS refreshes each fiscal year’s files quarterly; an answer uses the refreshes released by as_of.';

export const HcrisValueSchema = z
  .object({
    worksheet: z.string().openapi({ description: 'Worksheet as the form names it.', example: 'G' }),
    worksheet_code: z.string().openapi({ description: 'HCRIS WKSHT_CD.', example: 'G000000' }),
    line: z.string().openapi({ description: 'Form line (subscripts after the dot).', example: '27.01' }),
    line_code: z.string().openapi({ description: 'HCRIS LINE_NUM.', example: '02701' }),
    column: z.string().openapi({ example: '1' }),
    column_code: z.string().openapi({ description: 'HCRIS CLMN_NUM.', example: '00100' }),
    label: z
      .string()
      .nullable()
      .openapi({ description: "The form's line label (null for a line the form does not name)." }),
    column_label: z.string().nullable(),
    value: z.number().nullable().openapi({ description: 'Dollars (a ratio on S-10 line 1); null: no cell filed.' }),
    unit: z.enum(['dollars', 'ratio']),
  })
  .openapi('HcrisValue');

export const ChoiceReasonSchema = z.enum([
  'chosen',
  'processed_after_as_of',
  'not_in_latest_refresh',
  'earlier_period',
  'less_final_status',
  'earlier_settlement',
  'earlier_processing',
  'lower_record_number',
]);

export const CostReportSummarySchema = z
  .object({
    rpt_rec_num: z.string().openapi({ description: 'HCRIS report record number (RPT_REC_NUM).' }),
    fiscal_year: z.number().int().openapi({ description: 'HCRIS fiscal year (the file year).' }),
    status_code: z.string().openapi({ description: 'RPT_STUS_CD.' }),
    status: z.string().openapi({ example: 'Settled with Audit' }),
    period_begin: z.string().nullable().openapi({ format: 'date' }),
    period_end: z.string().nullable().openapi({ format: 'date' }),
    processed_date: z.string().nullable().openapi({ format: 'date', description: 'PROC_DT.' }),
    npr_date: z
      .string()
      .nullable()
      .openapi({ format: 'date', description: 'NPR_DT, notice of program reimbursement.' }),
    fi_received_date: z.string().nullable().openapi({ format: 'date' }),
    control_type_code: z.string().nullable().openapi({ description: 'PRVDR_CTRL_TYPE_CD (type of control).' }),
    initial_report: z.boolean().nullable(),
    last_report: z.boolean().nullable(),
    chosen: z.boolean(),
    choice_reason: ChoiceReasonSchema.openapi({
      description: 'Why the report was chosen or, for the others, the first rule it lost on.',
    }),
    in_latest_refresh: z.boolean().openapi({ description: 'The latest refresh of its year in force lists it.' }),
    source: RowSourceSchema,
    source_row: z.array(z.string()).openapi({ description: 'The RPT line as published (18 fields).' }),
  })
  .openapi('CostReportSummary');

export const ReportChoiceSchema = z
  .object({
    rule: z.string(),
    fiscal_year: z.number().int(),
    chosen_rpt_rec_num: z.string().nullable(),
    candidates: z.array(CostReportSummarySchema),
  })
  .openapi('CostReportChoice');

export const HcrisProviderSchema = z
  .object({
    name: z.string().nullable(),
    street: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    county: z.string().nullable(),
    source: RowSourceSchema,
  })
  .openapi('HcrisProvider', { description: 'From HOSPITAL10_PROVIDER_ID_INFO.CSV; null when the CCN is not in it.' });

export const CostReportsSchema = z
  .object({
    ccn: z.string().openapi({ example: '010099' }),
    provider: HcrisProviderSchema.nullable(),
    latest_fiscal_year: z.number().int(),
    fiscal_years: z
      .array(ReportChoiceSchema)
      .openapi({ description: 'Newest first, one entry per HCRIS fiscal year.' }),
    ...answerProvenanceFields,
  })
  .openapi('CostReports');

const worksheetAnswer = {
  ccn: z.string(),
  provider: HcrisProviderSchema.nullable(),
  fiscal_year: z.number().int(),
  report: CostReportSummarySchema,
  report_choice: ReportChoiceSchema,
  worksheet: z.object({ code: z.string(), name: z.string() }),
  worksheet_filed: z
    .boolean()
    .openapi({ description: 'The NMRC table of the report’s refresh holds cells of this worksheet for the report.' }),
};

export const BalanceSheetSchema = z
  .object({
    ...worksheetAnswer,
    summary: z.record(z.string(), HcrisValueSchema).openapi({
      description:
        'General fund (column 1): cash, accounts_receivable, allowance_for_uncollectibles, total_current_assets, total_fixed_assets, total_other_assets, total_assets, total_current_liabilities, total_long_term_liabilities, total_liabilities, fund_balance, total_liabilities_and_fund_balances.',
    }),
    lines: z.array(HcrisValueSchema).openapi({ description: 'Every filed cell of worksheet G, by line and column.' }),
    ...answerProvenanceFields,
  })
  .openapi('CostReportBalanceSheet');

export const CharityCareSchema = z
  .object({
    ...worksheetAnswer,
    medicaid_dsh_received: z
      .string()
      .nullable()
      .openapi({ description: 'S-10 line 3 as filed in ALPHA (Y/N): Medicaid DSH or supplemental payments received.' }),
    summary: z.record(z.string(), HcrisValueSchema).openapi({
      description:
        'cost_to_charge_ratio (line 1), charity_care_charges (20, col 3), charity_care_cost_before_partial_payments (21), charity_care_partial_payments (22), charity_care_cost (23), bad_debt_expense (26), medicare_reimbursable_bad_debts (27), medicare_allowable_bad_debts (27.01), non_medicare_bad_debt_expense (28), bad_debt_cost (29), uncompensated_care_cost (30), total_unreimbursed_and_uncompensated_care_cost (31), medicaid_chip_and_indigent_care_shortfall (19).',
    }),
    lines: z.array(HcrisValueSchema).openapi({ description: 'Every filed numeric cell of worksheet S-10.' }),
    ...answerProvenanceFields,
  })
  .openapi('CostReportCharityCare');

export const CostCenterSchema = z
  .object({
    line: z.string(),
    line_code: z.string(),
    name: z.string().nullable().openapi({ description: 'As filed (ALPHA, column 0), else the standard label.' }),
    name_source: z.enum(['alpha', 'standard', 'none']),
    standard_label: z.string().nullable(),
    section: z.string(),
    salaries: HcrisValueSchema,
    other: HcrisValueSchema,
    total: HcrisValueSchema,
    net_expenses_for_allocation: HcrisValueSchema,
    values: z.array(HcrisValueSchema).openapi({ description: 'Every filed cell of the line (columns 1-7).' }),
  })
  .openapi('CostCenter');

export const CostCentersSchema = z
  .object({
    ...worksheetAnswer,
    items: z.array(CostCenterSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
    ...answerProvenanceFields,
  })
  .openapi('CostReportCostCenters');

export type HcrisValue = z.infer<typeof HcrisValueSchema>;
export type CostReportSummary = z.infer<typeof CostReportSummarySchema>;
export type ReportChoice = z.infer<typeof ReportChoiceSchema>;
export type HcrisProvider = z.infer<typeof HcrisProviderSchema>;
export type CostReports = z.infer<typeof CostReportsSchema>;
export type BalanceSheet = z.infer<typeof BalanceSheetSchema>;
export type CharityCare = z.infer<typeof CharityCareSchema>;
export type CostCenter = z.infer<typeof CostCenterSchema>;
export type CostCenters = z.infer<typeof CostCentersSchema>;
