import { z } from '@hono/zod-openapi';

/** The catalog dataset of FDA's drug shortages export (shared/datasets/fda_drug_shortages/dataset.ts). */
export const SHORTAGES_DATASET = 'fda_drug_shortages';

export const SHORTAGE_STATUSES = ['current', 'resolved', 'to_be_discontinued', 'discontinued', 'other'] as const;
export type ShortageStatus = (typeof SHORTAGE_STATUSES)[number];

/**
 * FDA's statuses (`Current`, `Resolved`, `To Be Discontinued`, and `Discontinuation` or
 * `Discontinued` in some exports), normalized; anything else is `other`, its text kept in
 * `status_published`.
 */
export function shortageStatusOf(published: string | null): ShortageStatus {
  const s = (published ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (s === 'current' || s === 'currently in shortage') return 'current';
  if (s === 'resolved') return 'resolved';
  if (s === 'to be discontinued') return 'to_be_discontinued';
  if (s === 'discontinued' || s === 'discontinuation') return 'discontinued';
  return 'other';
}

/**
 * The shortage a row belongs to: FDA lists a shortage under its generic name, one row per
 * presentation and company; the key is that name in lower case with runs of anything but letters
 * and digits made one hyphen (`Acetaminophen; Oxycodone Hydrochloride Tablet` is
 * `acetaminophen-oxycodone-hydrochloride-tablet`).
 */
export function shortageKeyOf(genericName: string): string {
  return genericName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** One row of the export: one presentation of one company under a shortage. Dates are YYYY-MM-DD. */
export const ShortageRowSchema = z
  .object({
    shortage_key: z.string(),
    generic_name: z.string(),
    company_name: z.string().nullable(),
    contact_info: z.string().nullable(),
    presentation: z.string().nullable(),
    ndc11s: z.array(z.string()).openapi({ description: 'The NDCs the presentation text prints, as ndc11.' }),
    ndc_unresolved: z.array(z.string()).openapi({
      description: 'Unhyphenated 10-digit codes in the text: three readings each, so not padded to an ndc11.',
    }),
    type_of_update: z.string().nullable(),
    date_of_update: z.string().nullable(),
    availability_information: z.string().nullable(),
    related_information: z.string().nullable(),
    resolved_note: z.string().nullable(),
    reason_for_shortage: z.string().nullable(),
    therapeutic_categories: z.array(z.string()),
    status_published: z.string().nullable(),
    status: z.enum(SHORTAGE_STATUSES),
    change_date: z.string().nullable(),
    date_discontinued: z.string().nullable(),
    initial_posting_date: z.string().nullable(),
    generic_name_note: z.string().nullable(),
  })
  .openapi('ShortageRow');

export type ShortageRow = z.infer<typeof ShortageRowSchema> & { locator: { line: number; record: number } };

export const SHORTAGES_METHODOLOGY =
  "From FDA's Drug Shortages Database export (CDER, accessdata.fda.gov/scripts/drugshortages), the export in force on `as_of` (each export is a snapshot; a later export replaces it). FDA lists shortages it has confirmed under the Federal Food, Drug, and Cosmetic Act section 506C notifications and its own assessment, one row per presentation and company; a shortage here is every row under one generic name. It is not ASHP's list (which counts more shortages, by its own criteria), and it omits biologics listed by CBER. Statuses are FDA's (`Current`, `Resolved`, `To Be Discontinued`; normalized, the published text kept); a resolved shortage leaves the export when FDA removes it, so its absence from a later export is not proof it was resolved. NDCs are read from the presentation text only after an `NDC` mark (hyphenated or 11 digits; an unhyphenated 10-digit code is kept unresolved, never guessed), so a presentation FDA printed without its NDC links to none. Ingredients are linked by identifier: each printed NDC to its RxNorm drugs and their ingredients in the RxNorm release in force (`ingredients` on each shortage); a presentation printed without an NDC links to none.";
