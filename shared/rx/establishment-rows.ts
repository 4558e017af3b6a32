import { z } from '@hono/zod-openapi';

/** The catalog dataset of FDA's drug establishments registration file (shared/datasets/fda_decrs/dataset.ts). */
export const ESTABLISHMENTS_DATASET = 'fda_decrs';
export const ESTABLISHMENTS_LISTING = 'by_kind';
export const OPERATIONS_ROLLUP = 'operations';

/**
 * The file's rows come out twice over: each establishment line is one `establishment` row, and each
 * business operation it lists is one more `operation` row (the operation, the establishment's FEI
 * and country), so the counts per operation are a rollup computed when the file loads.
 */
export const ESTABLISHMENT_KINDS = ['establishment', 'operation'] as const;

/** One line of drls_reg.txt (or one operation of it), named in lower case; contact people and the US agent are not kept. */
export const EstablishmentRowSchema = z
  .object({
    kind: z.enum(ESTABLISHMENT_KINDS),
    fei_number: z.string().nullable().openapi({ description: 'FDA Establishment Identifier, as published (digits).' }),
    duns_number: z.string().nullable().openapi({ description: "The establishment's D-U-N-S number, as published." }),
    firm_name: z.string().nullable(),
    address: z.string().nullable().openapi({
      description:
        'The address as FDA prints it: one string ending in the country name and its ISO-3 code in parentheses.',
    }),
    country_iso3: z
      .string()
      .nullable()
      .openapi({ description: 'ISO 3166-1 alpha-3, read from the end of the address.' }),
    country_name: z.string().nullable(),
    expiration_date: z
      .string()
      .nullable()
      .openapi({ format: 'date', description: 'Registration expiry (YYYY-MM-DD).' }),
    operations: z.array(z.string()).openapi({
      description:
        'Business operations as FDA lists them (`MANUFACTURE`, `API MANUFACTURE`, `ANALYSIS`, ...), upper case.',
    }),
    operation: z.string().nullable().openapi({ description: 'On `operation` rows: the one operation.' }),
    registrant_name: z.string().nullable(),
    registrant_duns: z.string().nullable(),
    excluded: z
      .boolean()
      .nullable()
      .openapi({ description: 'EXCLUSION_FLAG `Y` (true) or `N` (false); null when blank.' }),
  })
  .openapi('EstablishmentRow');

export type EstablishmentRow = z.infer<typeof EstablishmentRowSchema> & { locator: { line: number; record: number } };

export const ESTABLISHMENTS_METHODOLOGY =
  "From FDA's Drug Establishments Current Registration Site file (CDER, drls_reg.zip: drls_reg.txt), the file in force on `as_of` (FDA rewrites it each business day; a version is in force from the day it was archived until the next, and a file 8 days old is a gap). It lists establishments whose drug establishment registration (FD&C Act section 510, 21 CFR part 207) is current: an establishment drops out when its registration expires (registrations run to December 31 and are renewed from October 1), is deregistered, or is inactivated by FDA for a compliance case, so its absence is not proof it stopped operating; it omits human drug compounding outsourcing facilities (registered under section 503B) and establishments registered only for other product areas. Registration is the firm's own declaration, not an FDA inspection or approval finding. One row is one registration line: an FEI can appear on more than one line, so counts are of lines. `country_iso3` is the ISO-3 code FDA prints at the end of the address. Operation counts (/rx/establishments/operations) are computed when the file loads. Contact names, contact e-mail addresses and the US agent block are not kept (they name individuals). No patient data; no suppression applies.";
