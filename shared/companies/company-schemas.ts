import { z } from '@hono/zod-openapi';
import { answerProvenanceFields } from '../catalog/answer-fields';
import { RowSourceSchema } from '../catalog/provenance';
import { MEASURE_NAMES } from './company-rows';

/** The filing a fact or event came from, with its EDGAR address. */
export const FilingRefSchema = z
  .object({
    accession_number: z.string().openapi({ example: '0001000001-25-000005' }),
    form: z.string().openapi({ example: '10-K' }),
    filed: z.string().nullable().openapi({ format: 'date' }),
    url: z.string().openapi({ description: 'The filing index on www.sec.gov.' }),
  })
  .openapi('SecFilingRef');

export const CompanySummarySchema = z
  .object({
    cik: z.string().openapi({ description: 'CIK, 10 digits.', example: '0001000001' }),
    name: z.string(),
    tickers: z.array(z.string()),
    exchanges: z.array(z.string()),
    sic: z.string().nullable(),
    sic_description: z.string().nullable(),
    healthcare_group: z.string().nullable().openapi({ description: 'The healthcare SIC group that kept the company.' }),
    state_of_incorporation: z.string().nullable(),
    fiscal_year_end: z.string().nullable().openapi({ description: 'MMDD as EDGAR writes it.' }),
    source: RowSourceSchema,
  })
  .openapi('CompanySummary');

export const FinancialFactSchema = z
  .object({
    measure: z.enum(MEASURE_NAMES as [string, ...string[]]),
    concept: z.string().openapi({ description: 'The us-gaap concept that answered.', example: 'Revenues' }),
    label: z.string().nullable(),
    unit: z.string(),
    value: z.number(),
    period_type: z.enum(['annual', 'quarterly', 'other', 'instant']),
    period_start: z.string().nullable().openapi({ format: 'date' }),
    period_end: z.string().openapi({ format: 'date' }),
    frame: z
      .string()
      .openapi({ description: "SEC's calendar frame (CY2024, CY2024Q3, CY2024Q4I): unique per measure." }),
    fiscal_year: z.number().int().nullable(),
    fiscal_period: z.string().nullable(),
    filing: FilingRefSchema,
    source: RowSourceSchema,
  })
  .openapi('FinancialFact');

export const CompanyFinancialsSchema = z
  .object({
    company: CompanySummarySchema,
    items: z.array(FinancialFactSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
    ...answerProvenanceFields,
  })
  .openapi('CompanyFinancials');

export const CompanySearchItemSchema = CompanySummarySchema.extend({
  latest_annual: z
    .array(FinancialFactSchema)
    .openapi({ description: 'The latest annual figure of each duration measure and the year-end instants.' }),
}).openapi('CompanySearchItem');

export const CompanySearchSchema = z
  .object({
    items: z.array(CompanySearchItemSchema),
    limit: z.number().int(),
    next_cursor: z.string().nullable(),
    ...answerProvenanceFields,
  })
  .openapi('CompanySearch');

export type CompanySummary = z.infer<typeof CompanySummarySchema>;
export type FinancialFact = z.infer<typeof FinancialFactSchema>;
export type CompanyFinancials = z.infer<typeof CompanyFinancialsSchema>;
export type CompanySearch = z.infer<typeof CompanySearchSchema>;
