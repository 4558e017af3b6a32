import { z } from '@hono/zod-openapi';

/** The catalog datasets of the CMS ASP pricing files (shared/datasets/cms_asp_pricing/dataset.ts). */
export const ASP_LIMITS = 'cms_asp_limits';
export const ASP_CROSSWALK = 'cms_asp_crosswalk';

/** The quarter a file is in force for, from its preamble ("Effective January 1, 2025 through March 31, 2025"). */
const quarterFields = {
  quarter: z
    .string()
    .openapi({ description: 'Calendar quarter the file is in force for, e.g. `2025 Q1`.', example: '2025 Q1' }),
  effective_from: z.string().nullable().openapi({ format: 'date' }),
  effective_to: z.string().nullable().openapi({ format: 'date' }),
};

/**
 * One row of the quarterly ASP payment-limit file (section 508 CSV): the HCPCS code, its short
 * descriptor (null for CPT-shaped codes: AMA-licensed descriptors are never stored), the billing
 * unit, the payment limit in dollars per billing unit (null when published as `N/A`) and the
 * coinsurance percent. `source_row` keeps the published cells (descriptor withheld for CPT codes).
 */
export const AspLimitRowSchema = z
  .object({
    hcpcs: z.string(),
    short_description: z.string().nullable(),
    dosage: z.string().nullable().openapi({ description: '`HCPCS Code Dosage`: the billing unit the limit is per.' }),
    payment_limit: z
      .number()
      .nullable()
      .openapi({ description: 'Dollars per billing unit; null when published as N/A.' }),
    coinsurance_pct: z
      .number()
      .nullable()
      .openapi({ description: '`Co-insurance Percentage` (20 unless inflation-adjusted).' }),
    vaccine_awp_pct: z.number().nullable(),
    vaccine_limit: z.number().nullable(),
    blood_awp_pct: z.number().nullable(),
    blood_limit: z.number().nullable(),
    clotting_factor: z.number().nullable(),
    notes: z.string().nullable(),
    ...quarterFields,
    source_row: z.record(z.string(), z.string()),
  })
  .openapi('AspLimitRow');
export type AspLimitRow = z.infer<typeof AspLimitRowSchema> & { locator: { line: number; record: number } };

/**
 * One row of the quarterly ASP NDC-HCPCS crosswalk (section 508 CSV): an NDC (published 5-4-2
 * hyphenated, `NDC2`; `ndc11` its 11 digits) billed under a HCPCS code, with the billing units per
 * package. An NDC can be billed under several codes (one row each).
 */
export const AspCrosswalkRowSchema = z
  .object({
    hcpcs: z.string(),
    short_description: z.string().nullable(),
    labeler_name: z.string().nullable(),
    ndc: z.string().openapi({ description: 'The NDC as published (`NDC2`, 5-4-2 hyphenated).' }),
    ndc11: z.string().nullable().openapi({ description: 'Null when the published id is no NDC (a device number).' }),
    drug_name: z.string().nullable(),
    hcpcs_dosage: z.string().nullable(),
    pkg_size: z.number().nullable(),
    pkg_qty: z.number().nullable(),
    bill_units: z.number().nullable().openapi({ description: '`BILLUNITS`: billing units per item.' }),
    bill_units_pkg: z.number().nullable().openapi({ description: '`BILLUNITSPKG`: billing units per package.' }),
    ...quarterFields,
    source_row: z.record(z.string(), z.string()),
  })
  .openapi('AspCrosswalkRow');
export type AspCrosswalkRow = z.infer<typeof AspCrosswalkRowSchema> & { locator: { line: number; record: number } };

export const ASP_METHODOLOGY =
  'ASP payment limits (CMS, Medicare Part B drug average sales price files) are what Medicare Part B pays per HCPCS billing unit for physician-administered drugs in one calendar quarter: by statute 106 % of the manufacturer-reported average sales price two quarters earlier (net of most price concessions), or another basis where CMS says so in `notes` (AMP-based, "lesser of", 95 % AWP for some vaccines, WAC); they are not what a hospital or clinic paid, not a 340B price, and not what patients pay (the coinsurance percent is 20 unless inflation-adjusted). The files cover drugs paid under Part B only (no Part D drugs, no NOC codes priced elsewhere); the absence of a code says nothing about coverage. A file is in force for its quarter ("Effective January 1 through March 31"); CMS re-issues corrected files during a quarter, and the latest archived one is used. Limits are per billing unit (`dosage`), not per package: the NDC-HCPCS crosswalk gives the billing units per package. CPT-shaped codes (vaccines) keep their code but not their AMA-licensed descriptor.';
