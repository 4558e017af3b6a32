import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { CompanyFinancialsSchema } from '../companies/company-schemas';
import { CitationSchema, CommunityBenefitSchema } from './filing-rows';

export const FISCAL_YEAR_RULE =
  'fiscal_year is the calendar year in which the return’s tax period ends (TaxPeriodEndDt): a year ending 30 June 2023 is fiscal year 2023, the label hospitals use. tax_year is TaxYr as filed, the IRS label: the year the period begins.';
export const AMENDMENT_RULE =
  'Returns of one EIN and one tax period end are one filing: the latest submission in force wins (ReturnTs, the submission timestamp in the return header; then the day the archive first saw the return; then the higher OBJECT_ID). The others are listed under `superseded`, each naming the return that superseded it. An amended return (AmendedReturnInd) normally is the latest.';
export const LINK_RULE =
  'A system’s filers are linked by EIN from the curated system-to-filer table (source irs_990_efile, document irs990:2; each EIN with its citations): the AHRQ Compendium publishes no EIN. A system not in the table has no filers here (`link.status` no_curated_link), which says nothing of whether it files. For-profit systems file no Form 990: their financials come from SEC filings (source sec_edgar).';
export const FINANCIALS_METHODOLOGY = `IRS Form 990 e-file returns as the IRS published them (XML, Tax Exempt Organization Search bulk data), months to years after filing. Each filer is one legal entity: a system’s parent may file for itself or for a group, and its hospitals may file their own returns, so the filers’ figures overlap and are never summed here. Amounts in dollars as filed: total revenue (Part I line 12, current year), total expenses (line 18), total assets, liabilities and net assets at the end of the year (lines 20-22), employees (line 5: Forms W-2 box count for the calendar year ending in the tax year) and Part V line 2a. Schedule H (hospital organizations) gives financial assistance at cost (Part I line 7a) and total community benefit (7k) as columns (c) total expense, (d) direct offsetting revenue, (e) net, (f) percent of total expense, and bad debt expense (Part III line 2). Schedule J lists officers, directors, trustees, key employees and highest-paid employees whose reportable compensation exceeds $150,000, with compensation from the filing organization for the calendar year ending in the tax year; total_compensation_related_orgs is what related organizations paid. ${FISCAL_YEAR_RULE} ${AMENDMENT_RULE} ${LINK_RULE}`;

export const FilerLinkSchema = z
  .object({
    ein: z.string().openapi({ description: 'Nine digits.', example: '369900101' }),
    name: z.string(),
    role: z.string().openapi({ description: 'As curated: parent, hospital, affiliate.' }),
    citations: z.array(CitationSchema),
  })
  .openapi('SystemFilerLink');

const LinkSchema = z
  .object({
    status: z.enum(['linked', 'no_curated_link', 'table_not_loaded']),
    method: z.string(),
    ownership: z.enum(['nonprofit', 'for_profit', 'government']).nullable(),
    financials_source: z.enum(['irs_990_efile', 'sec_edgar']).nullable(),
    filers: z.array(FilerLinkSchema),
    sec: z.object({ cik: z.string(), ticker: z.string().nullable() }).nullable(),
    citations: z.array(CitationSchema),
    note: z.string().nullable(),
    source: RowSourceSchema.nullable(),
  })
  .openapi('SystemFilerLinks');

export const SystemProfileSchema = z
  .object({
    id: z.string().openapi({ example: 'HSI00000101' }),
    name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    release: z.string().openapi({ description: 'The AHRQ Compendium release the system row comes from.' }),
    counts: z.object({
      hospitals: z.number().int().nullable(),
      acute_hospitals: z.number().int().nullable(),
      physician_groups: z.number().int().nullable(),
      physicians: z.number().int().nullable(),
      primary_care_physicians: z.number().int().nullable(),
      beds: z.number().int().nullable(),
    }),
    source: RowSourceSchema,
    source_row: z.record(z.string(), z.string()).openapi({ description: 'The Compendium system row as published.' }),
    hospitals: z
      .array(
        z.object({
          compendium_hospital_id: z.string(),
          ccn: z.string().nullable(),
          name: z.string(),
          city: z.string().nullable(),
          state: z.string().nullable(),
          zip: z.string().nullable(),
          acute: z.boolean().nullable(),
          source: RowSourceSchema,
        }),
      )
      .openapi({
        description:
          'The hospitals the linkage file of the release in force ties to the system, in AHRQ hospital-id order.',
      }),
    link: LinkSchema,
    ...answerProvenanceFields,
  })
  .openapi('SystemProfile');

const Amount = z.number().nullable();

const ReturnRefSchema = z.object({
  object_id: z.string().nullable(),
  return_ts: z.string().nullable(),
  amended: z.boolean(),
  source: RowSourceSchema,
});

const FilingBase = {
  ein: z.string(),
  filer_name: z.string().nullable(),
  role: z.string(),
  fiscal_year: z.number().int(),
  tax_year: z.number().int().nullable(),
  tax_period_begin: z.string().nullable(),
  tax_period_end: z.string(),
  object_id: z.string().nullable(),
  return_ts: z.string().nullable(),
  amended: z.boolean(),
  source: RowSourceSchema,
};

export const SystemFilingSchema = z
  .object({
    ...FilingBase,
    return_type: z.string().nullable(),
    schema_version: z.string().openapi({ description: 'returnVersion of the XML, e.g. 2022v5.0.' }),
    layout: z.string().openapi({ description: 'The element map that read it: efile-2013@1 or efile-2009@1.' }),
    total_revenue: Amount,
    total_expenses: Amount,
    total_assets_eoy: Amount,
    total_liabilities_eoy: Amount,
    net_assets_eoy: Amount,
    elements: z
      .record(z.string(), z.string())
      .openapi({ description: 'The element path (below Return) each value was read from.' }),
    schedule_h: z
      .object({
        financial_assistance_at_cost: CommunityBenefitSchema.nullable(),
        total_community_benefits: CommunityBenefitSchema.nullable(),
        bad_debt_expense: Amount,
      })
      .nullable()
      .openapi({ description: 'Null: the return has no Schedule H (not a hospital organization).' }),
    schedule_j_persons: z.number().int().nullable(),
    superseded: z.array(ReturnRefSchema.extend({ superseded_by: z.string().nullable() })),
  })
  .openapi('SystemFiling');

const systemHead = {
  system_id: z.string(),
  system_name: z.string().nullable(),
  link: LinkSchema,
  fiscal_year_rule: z.string(),
  amendment_rule: z.string(),
};

export const SystemFinancialsSchema = z
  .object({
    ...systemHead,
    fiscal_years: z.array(z.number().int()).openapi({ description: 'Fiscal years with a filing, newest first.' }),
    filings: z
      .array(SystemFilingSchema)
      .openapi({ description: 'One per filer and fiscal year (the winning return), newest year first, then EIN.' }),
    company: z
      .object({
        match: z.object({
          rule: z.enum(['cik', 'exact_name', 'name_without_suffix']),
          confidence: z.number(),
          query: z.string(),
        }),
        financials: CompanyFinancialsSchema,
      })
      .nullable()
      .openapi({
        description:
          'A for-profit system: the XBRL financial facts of its SEC filer, linked by the CIK the curated table gives (rule `cik`, confidence 1), each fact with its filing (as /companies/{ticker}). Null for a nonprofit system, and for a for-profit one EDGAR in force does not answer for (a gap names sec_edgar).',
      }),
    ...answerProvenanceFields,
  })
  .openapi('SystemFinancials');

export const SystemExecutiveSchema = z
  .object({
    ...FilingBase,
    name: z.string(),
    title: z.string().nullable(),
    base_compensation: Amount,
    bonus: Amount,
    other_compensation: Amount,
    deferred_compensation: Amount,
    nontaxable_benefits: Amount,
    total_compensation: Amount,
    total_compensation_related_orgs: Amount,
    reported_on_prior_990: Amount,
    position: z.number().int().openapi({ description: 'Position among the return’s Schedule J persons.' }),
  })
  .openapi('SystemExecutive');

export const SystemExecutivesSchema = z
  .object({
    ...systemHead,
    fiscal_year: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The fiscal year listed (default the latest with a filing).' }),
    fiscal_years: z.array(z.number().int()),
    items: z.array(SystemExecutiveSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
    sort: z.string(),
    ...answerProvenanceFields,
  })
  .openapi('SystemExecutives');

export const SystemWorkforceSchema = z
  .object({
    ...systemHead,
    items: z.array(
      z.object({
        ...FilingBase,
        total_employees: z.number().int().nullable().openapi({ description: 'Part I line 5 (TotalEmployeeCnt).' }),
        w2_employees: z.number().int().nullable().openapi({ description: 'Part V line 2a (EmployeeCnt).' }),
        volunteers: z.number().int().nullable().openapi({ description: 'Part I line 6 (TotalVolunteersCnt).' }),
        elements: z.record(z.string(), z.string()),
      }),
    ),
    ...answerProvenanceFields,
  })
  .openapi('SystemWorkforce');

export type SystemProfile = z.infer<typeof SystemProfileSchema>;
export type SystemFinancials = z.infer<typeof SystemFinancialsSchema>;
export type SystemFiling = z.infer<typeof SystemFilingSchema>;
export type SystemExecutives = z.infer<typeof SystemExecutivesSchema>;
export type SystemExecutive = z.infer<typeof SystemExecutiveSchema>;
export type SystemWorkforce = z.infer<typeof SystemWorkforceSchema>;
export type SystemLink = z.infer<typeof LinkSchema>;
