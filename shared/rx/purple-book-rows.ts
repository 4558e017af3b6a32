import { z } from '@hono/zod-openapi';

/** The catalog dataset of the FDA Purple Book monthly extract (shared/datasets/fda_purple_book/dataset.ts). */
export const PURPLE_BOOK = 'fda_purple_book';

export const BLA_KINDS = ['reference', 'biosimilar', 'interchangeable', 'other'] as const;
export type BlaKind = (typeof BLA_KINDS)[number];

/**
 * The kind of a `BLA Type` as published: `351(a)` (a stand-alone licence: the products biosimilars
 * reference), `351(k) Biosimilar`, `351(k) Interchangeable`; anything else is `other`.
 */
export function blaKindOf(blaType: string | null): { pathway: string; kind: BlaKind } {
  const t = (blaType ?? '').toLowerCase().replace(/\s+/g, '');
  if (t.startsWith('351(k)'))
    return { pathway: '351(k)', kind: t.includes('interchangeable') ? 'interchangeable' : 'biosimilar' };
  if (t.startsWith('351(a)')) return { pathway: '351(a)', kind: 'reference' };
  return { pathway: 'other', kind: 'other' };
}

/**
 * The molecule of a proper name: a biosimilar's (and, since 2017, many originators') proper name
 * ends in a four-letter FDA suffix (`infliximab-dyyb`); the core name before it is the molecule.
 */
export function moleculeOf(properName: string | null): { molecule: string | null; suffix: string | null } {
  if (!properName) return { molecule: null, suffix: null };
  const s = properName.trim().toLowerCase().replace(/\s+/g, ' ');
  const m = /^(.*\S)-([a-z]{4})$/.exec(s);
  return m ? { molecule: m[1]!, suffix: m[2]! } : { molecule: s, suffix: null };
}

/**
 * One product row of the Purple Book extract (the "all products" section of the monthly CSV; a
 * BLA has one row per strength and presentation), read by column name; dates YYYY-MM-DD.
 */
export const PurpleBookRowSchema = z
  .object({
    nru: z.string().nullable().openapi({ description: '`N/R/U` as published (blank in the all-products section).' }),
    applicant: z.string().nullable(),
    bla_number: z.string(),
    proprietary_name: z.string().nullable(),
    proper_name: z.string().nullable(),
    proper_name_key: z.string().openapi({ description: 'Lower-cased proper name (the reference-product lookup key).' }),
    molecule: z.string().nullable().openapi({ description: 'Proper name without its four-letter suffix, lower case.' }),
    suffix: z.string().nullable(),
    bla_type: z
      .string()
      .nullable()
      .openapi({ description: '`BLA Type` as published: 351(a), 351(k) Biosimilar, 351(k) Interchangeable.' }),
    pathway: z.string().openapi({ description: '351(a), 351(k) or other.' }),
    kind: z.enum(BLA_KINDS),
    strength: z.string().nullable(),
    dosage_form: z.string().nullable(),
    route: z.string().nullable(),
    product_presentation: z.string().nullable(),
    marketing_status: z.string().nullable().openapi({ description: '`Status` as published (Rx, OTC, Disc).' }),
    licensure: z.string().nullable(),
    approval_date: z.string().nullable(),
    ref_product_proper_name: z.string().nullable(),
    ref_product_proprietary_name: z.string().nullable(),
    product_number: z.string().nullable(),
    center: z.string().nullable(),
    date_of_first_licensure: z.string().nullable(),
    exclusivity_expiration_date: z.string().nullable(),
    first_interchangeable_exclusivity_exp_date: z.string().nullable(),
    ref_product_exclusivity_exp_date: z.string().nullable(),
    orphan_exclusivity_exp_date: z.string().nullable(),
    source_row: z.record(z.string(), z.string()),
  })
  .openapi('PurpleBookRow');
export type PurpleBookRow = z.infer<typeof PurpleBookRowSchema> & { locator: { line: number; record: number } };
