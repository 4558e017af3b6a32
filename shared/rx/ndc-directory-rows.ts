import { z } from '@hono/zod-openapi';

/** The catalog datasets of the FDA NDC Directory (shared/datasets/fda_ndc_directory/dataset.ts). */
export const NDC_PRODUCTS = 'fda_ndc_products';
export const NDC_PACKAGES = 'fda_ndc_packages';

/**
 * Which file of the directory a row came from: `finished` (ndctext.zip), `unfinished`
 * (ndc_unfinished.zip: bulk ingredients, drugs for further processing) or `excluded`
 * (ndc_excluded.zip: products and packages FDA took out of the directory, with NDC_EXCLUDE_FLAG).
 */
export const DIRECTORY_FILES = ['finished', 'unfinished', 'excluded'] as const;
export type DirectoryFile = (typeof DIRECTORY_FILES)[number];

export const StrengthSchema = z
  .object({
    substance: z.string(),
    strength: z.string().nullable().openapi({ description: 'ACTIVE_NUMERATOR_STRENGTH as published.' }),
    unit: z.string().nullable().openapi({ description: 'ACTIVE_INGRED_UNIT as published, e.g. mg/1.' }),
  })
  .openapi('NdcStrength');

/**
 * One product of the directory (product.txt and its unfinished and excluded counterparts), read
 * by column name; multi-valued fields (`; ` separated routes, substances and strengths, `,`
 * separated pharmacologic classes) are lists; dates YYYY-MM-DD. `source_row` keeps the published
 * record as-is, by column name.
 */
export const NdcProductRowSchema = z
  .object({
    product_id: z.string(),
    product_ndc: z.string().openapi({ description: 'PRODUCTNDC as published (labeler-product, hyphenated).' }),
    product_ndc9: z.string().nullable().openapi({ description: 'Labeler and product padded to 5-4 digits.' }),
    directory_file: z.enum(DIRECTORY_FILES),
    product_type: z.string().nullable(),
    proprietary_name: z.string().nullable(),
    proprietary_name_suffix: z.string().nullable(),
    nonproprietary_name: z.string().nullable(),
    dosage_form: z.string().nullable(),
    routes: z.array(z.string()),
    start_marketing_date: z.string().nullable(),
    end_marketing_date: z.string().nullable(),
    marketing_category: z.string().nullable(),
    application_number: z.string().nullable().openapi({ description: 'APPLICATIONNUMBER as published (NDA020895).' }),
    appl_no: z.string().nullable().openapi({ description: 'The 6-digit application number, when there is one.' }),
    labeler_name: z.string().nullable(),
    strengths: z.array(StrengthSchema),
    pharm_classes: z.array(z.string()),
    dea_schedule: z.string().nullable(),
    ndc_exclude_flag: z.string().nullable(),
    listing_record_certified_through: z.string().nullable(),
    source_row: z.record(z.string(), z.string()),
  })
  .openapi('NdcProductRow');
export type NdcProductRow = z.infer<typeof NdcProductRowSchema> & { locator: { line: number; record: number } };

/** One package (package.txt and counterparts): the package code is hyphenated, so its ndc11 is exact. */
export const NdcPackageRowSchema = z
  .object({
    product_id: z.string(),
    product_ndc: z.string(),
    package_code: z.string().openapi({ description: 'NDCPACKAGECODE as published (hyphenated).' }),
    ndc11: z.string(),
    directory_file: z.enum(DIRECTORY_FILES),
    package_description: z.string().nullable(),
    start_marketing_date: z.string().nullable(),
    end_marketing_date: z.string().nullable(),
    ndc_exclude_flag: z.string().nullable(),
    sample_package: z.boolean().nullable(),
    source_row: z.record(z.string(), z.string()),
  })
  .openapi('NdcPackageRow');
export type NdcPackageRow = z.infer<typeof NdcPackageRowSchema> & { locator: { line: number; record: number } };

/**
 * The 6-digit application number of an NDA, ANDA or BLA (`NDA020895` -> `020895`); null for what
 * is no application (an OTC monograph id such as `M013`, `part341`, an unapproved drug's blank).
 */
export function applNoOf(applicationNumber: string | null): string | null {
  const m = applicationNumber ? /^(?:NDA|ANDA|BLA)\s*(\d{1,6})$/i.exec(applicationNumber.trim()) : null;
  return m ? m[1]!.padStart(6, '0') : null;
}
