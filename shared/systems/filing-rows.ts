import { z } from '@hono/zod-openapi';

/**
 * IRS Form 990 e-file returns (source `irs_990_efile`) and the curated table that links a health
 * system to its filers by EIN: the rows the source's folder stores and /systems/{id}/financials reads.
 */
export const IRS990_SOURCE = 'irs_990_efile';
/** Catalog dataset of the XML returns: one row per return (one `<OBJECT_ID>_public.xml`). */
export const IRS990_RETURNS = 'irs_990_returns';
/** Catalog dataset of the curated system-to-filer links: one row per health system. */
export const SYSTEM_FILERS = 'irs_990_system_filers';

/** An EIN as nine digits (`36-9900101` and `369900101` alike); null when it is not one. */
export function normalizeEin(raw: string): string | null {
  const s = raw.trim().replace(/-/g, '');
  return /^\d{9}$/.test(s) ? s : null;
}

const Locator = z.object({ line: z.number().int(), record: z.number().int() });
const Amount = z.number().nullable();

/** One person of Schedule J Part II (compensation from the filing organization, and from related ones). */
export const ScheduleJPersonSchema = z.object({
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
  /** Position among the return's Schedule J persons (1-based, file order). */
  position: z.number().int(),
});
export type ScheduleJPerson = z.infer<typeof ScheduleJPersonSchema>;

/** A Schedule H Part I line 7 row: columns (c) total expense, (d) offsetting revenue, (e) net, (f) percent. */
export const CommunityBenefitSchema = z.object({
  total_expense: Amount,
  direct_offsetting_revenue: Amount,
  net_expense: Amount,
  percent_of_total_expense: Amount,
});

export const RETURN_FIELDS = [
  'total_revenue',
  'total_expenses',
  'total_assets_eoy',
  'total_liabilities_eoy',
  'net_assets_eoy',
  'total_employees',
  'w2_employees',
  'volunteers',
] as const;
export type ReturnField = (typeof RETURN_FIELDS)[number];

/** A return as stored: header, the IRS990 summary figures, Schedule H totals and Schedule J persons. */
export const Irs990ReturnRowSchema = z.object({
  /** The IRS OBJECT_ID (file name `<OBJECT_ID>_public.xml`); null when the file was renamed. */
  object_id: z.string().nullable(),
  ein: z.string(),
  filer_name: z.string().nullable(),
  /** ReturnTypeCd / ReturnType as filed: `990`, `990EZ`, `990PF`, `990T`. */
  return_type: z.string().nullable(),
  /** The `returnVersion` attribute of Return: the IRS schema version, e.g. `2021v4.2`. */
  schema_version: z.string(),
  /** The element map that read it (layouts.ts), e.g. `efile-2013@1`. */
  layout: z.string(),
  tax_period_begin: z.string().nullable(),
  tax_period_end: z.string(),
  /** TaxYr as filed (the IRS tax year: the year the period begins). */
  tax_year: z.number().int().nullable(),
  /** ReturnTs / Timestamp: when the return was signed and submitted (ISO, as filed). */
  return_ts: z.string().nullable(),
  amended: z.boolean(),
  values: z.record(z.string(), Amount),
  /** For each value read, the element path (below Return) it came from. */
  elements: z.record(z.string(), z.string()),
  schedule_h: z
    .object({
      financial_assistance_at_cost: CommunityBenefitSchema.nullable(),
      total_community_benefits: CommunityBenefitSchema.nullable(),
      bad_debt_expense: Amount,
    })
    .nullable(),
  /** Null: the return has no Schedule J. */
  schedule_j: z.array(ScheduleJPersonSchema).nullable(),
  locator: Locator,
});
export type Irs990ReturnRow = z.infer<typeof Irs990ReturnRowSchema>;

export const CitationSchema = z.object({ title: z.string(), url: z.string() });

/** One health system of the curated table: its ownership class and the EINs of its filers. */
export const SystemFilerRowSchema = z.object({
  system_id: z.string(),
  system_name: z.string(),
  ownership: z.enum(['nonprofit', 'for_profit', 'government']),
  filers: z.array(
    z.object({
      ein: z.string(),
      name: z.string(),
      role: z.string(),
      citations: z.array(CitationSchema),
    }),
  ),
  /** For-profit systems: the public parent's SEC identifiers (financials come from source sec_edgar). */
  sec: z.object({ cik: z.string(), ticker: z.string().nullable() }).nullable(),
  citations: z.array(CitationSchema),
  note: z.string().nullable(),
  locator: Locator,
});
export type SystemFilerRow = z.infer<typeof SystemFilerRowSchema>;
