import { z } from '@hono/zod-openapi';

/** The catalog dataset of the weekly NADAC files (shared/datasets/medicaid_nadac/dataset.ts). */
export const NADAC_DATASET = 'medicaid_nadac';

/**
 * One NADAC row as the catalog stores it: the weekly file's record (ndc11 with its leading zeros,
 * the per-unit cost and the date it took effect) and `rate_point`, the pair (effective date,
 * per-unit cost) the change-only series follows: a point is written only when either changes.
 */
export const NadacRowSchema = z
  .object({
    ndc11: z.string(),
    ndc_description: z.string(),
    nadac_per_unit: z.number().openapi({ description: 'Dollars per pricing unit.' }),
    effective_date: z.string().openapi({ format: 'date', description: 'The date this per-unit cost took effect.' }),
    pricing_unit: z.string().nullable().openapi({ description: 'EA, ML or GM, as published.' }),
    pharmacy_type_indicator: z.string().nullable(),
    otc: z.boolean().nullable(),
    explanation_codes: z.array(z.string()),
    classification_for_rate_setting: z
      .string()
      .nullable()
      .openapi({ description: 'G generic, B brand, B-ANDA brand approved under an ANDA, as published.' }),
    corresponding_generic_nadac_per_unit: z.number().nullable(),
    corresponding_generic_effective_date: z.string().nullable(),
    as_of_date: z.string().nullable().openapi({ description: 'The weekly file this row was published in.' }),
    rate_point: z.string(),
  })
  .openapi('NadacRow');

export type NadacRow = z.infer<typeof NadacRowSchema> & { locator: { line: number; record: number } };

/** The series names of the NADAC dataset. */
export const NADAC_SERIES = { rate: 'rate', price: 'price' } as const;

/** Moves kept per weekly file (the kit's maximum): /rx/nadac/movers is exact above the smallest kept. */
export const NADAC_MOVES_KEPT = 1000;

export const ratePoint = (effectiveDate: string, perUnit: number) => `${effectiveDate}|${perUnit}`;

export function readRatePoint(point: unknown): { effective_date: string; nadac_per_unit: number } | null {
  if (typeof point !== 'string') return null;
  const [d, v] = point.split('|');
  if (!d || v === undefined) return null;
  return { effective_date: d, nadac_per_unit: Number(v) };
}

export const NADAC_METHODOLOGY =
  'NADAC (National Average Drug Acquisition Cost, CMS/Medicaid) is a national average of the invoice prices retail community pharmacies (independent and chain) paid wholesalers and manufacturers, from a monthly voluntary survey run for CMS; it is published weekly (rates change weekly for some drugs and monthly otherwise) in dollars per pricing unit (EA, ML, GM). It is an acquisition cost, not a reimbursement, list or patient price; it excludes rebates and off-invoice discounts, 340B purchases, and mail-order, specialty, long-term-care and other non-retail pharmacies, and covers only the drugs the survey has enough responses for (many specialty drugs have none). A rate takes effect on its effective date and is published in the weekly file as of a later date, so a change is seen a week or more late. Each weekly file is a snapshot: answers read the files in force on `as_of` (a file is in force from its as-of date until the next), and a series point exists only where the per-unit cost or its effective date changed between files.';
