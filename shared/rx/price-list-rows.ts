import { z } from '@hono/zod-openapi';

/** The catalog datasets of the Cost Plus source (shared/datasets/costplus_price_list/dataset.ts). */
export const PRICE_LIST_DATASET = 'costplus_price_list';
export const PRICING_FORMULA_DATASET = 'costplus_pricing_formula';
/** The series of each product's unit price across snapshots (the dated history of /rx/price-list/{slug}). */
export const PRICE_LIST_SERIES = 'unit_price';

/**
 * A product slug as the vendor publishes it (`AbacavirLamivudine-600mg_300mg-Tablet`,
 * `Lamotrigine-25mg-OrallyDisintegratingTablet(ODT)`): letters, digits, `_`, `-`, `.`, `(`, `)`.
 * Looked up case-insensitively (the product page URL carries it lower-cased).
 */
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_().-]{0,199}$/;
export const slugKey = (slug: string) => slug.toLowerCase();

/**
 * How the listed NDC was read: `ndc11` 11 digits as published (the usual case); `short` fewer
 * digits (the 2022-03-23 listing has one 8-digit NDC, `93354143`, that has lost leading zeros):
 * kept as published, `ndc11` null, and joined to NADAC only through `ndc_candidate` (the digits
 * padded on the left to 11), a reading the answer names as such; `missing` no NDC.
 */
export const NDC_READINGS = ['ndc11', 'short', 'missing'] as const;

/**
 * One product of a price-list snapshot, normalized: money in dollars (`unit_price`, a number read
 * from the published `"$1.820"`), text trimmed (`form` is published once as `" Vaginal Tablet"`),
 * an empty `brand_name` as null. `source_row` keeps the published object as-is.
 */
export const PriceListRowSchema = z
  .object({
    slug: z.string().openapi({ description: 'The vendor product slug, as published.' }),
    slug_key: z.string().openapi({ description: 'The slug lower-cased (lookups are case-insensitive).' }),
    medication_name: z.string(),
    brand_name: z.string().nullable().openapi({ description: 'The reference brand; null where published as "".' }),
    form: z.string(),
    strength: z.string(),
    pill_nonpill: z.string().openapi({ description: '`Pill` or `Nonpill`, as published.' }),
    ndc_as_published: z.string().nullable(),
    ndc11: z.string().nullable().openapi({ description: 'The NDC when published as 11 digits, else null.' }),
    ndc_reading: z.enum(NDC_READINGS),
    ndc_candidate: z
      .string()
      .nullable()
      .openapi({ description: 'For a short NDC: its digits padded to 11 on the left (a reading, not a fact).' }),
    unit_price: z
      .number()
      .openapi({ description: 'Dollars per unit as published (`"$1.820"` read as 1.82): see `price_unit`.' }),
    url: z.string().nullable(),
    source_row: z.record(z.string(), z.unknown()),
  })
  .openapi('PriceListRow');
export type PriceListRow = z.infer<typeof PriceListRowSchema> & { locator: { line: number; record: number } };

/** Where a formula's figure was published: the document, its date, what it says. */
export const FormulaCitationSchema = z
  .object({
    title: z.string(),
    url: z.string(),
    published: z.string().nullable().openapi({ description: 'Publication date or period, as far as known.' }),
    says: z.string().openapi({ description: 'What the document states, paraphrased.' }),
  })
  .openapi('PricingFormulaCitation');

/**
 * One version of the vendor's published pricing formula (the curated table
 * shared/datasets/costplus_price_list/pricing-formula.json): price = acquisition cost × (1 +
 * markup) per unit, plus a pharmacy fee per prescription, plus shipping per order, in force from
 * `effective_from` to `effective_to` (inclusive; null open).
 */
export const PricingFormulaRowSchema = z
  .object({
    formula_version: z.string(),
    effective_from: z.string().openapi({ format: 'date' }),
    effective_to: z.string().nullable().openapi({ format: 'date' }),
    markup_pct: z.number().openapi({ description: 'Percent added to the acquisition cost, per unit.' }),
    pharmacy_fee: z.number().openapi({ description: 'Dollars per prescription filled (not per unit).' }),
    shipping: z.number().openapi({ description: 'Dollars per order (not per unit or prescription).' }),
    dates_basis: z.string().openapi({ description: 'How the effective dates were set and what is not verified.' }),
    citations: z.array(FormulaCitationSchema),
  })
  .openapi('PricingFormula');
export type PricingFormulaRow = z.infer<typeof PricingFormulaRowSchema> & {
  locator: { line: number; record: number };
};

export const PRICE_LIST_METHODOLOGY =
  "Price list: dated snapshots of Mark Cuban Cost Plus Drug Company's public price-list API listing (GET https://us-central1-costplusdrugs-publicapi.cloudfunctions.net/main), one archived response per snapshot, in force from the day it was archived until the next (the API names no date of its own). `unit_price` is the published per-unit price in dollars (published as text such as \"$1.820\"): per tablet or capsule for `Pill` products, per package as named in the slug (an inhaler, a tube, a 28-tablet blister pack) for most `Nonpill` products; it is a cash price for the vendor's own pharmacy, before the per-prescription pharmacy fee and per-order shipping, and says nothing of insurance, the vendor's partner pharmacies or other sellers. The listing carries one NDC per product (the package the vendor dispenses); a product may be sourced from other labelers over time. Implied acquisition cost: unit_price ÷ (1 + markup) with the vendor's published formula in force on the snapshot's date (`formula`, a curated table of dated published statements archived as its own document); it assumes unit_price is the acquisition cost with the markup applied per unit (as the vendor's API documentation's own quote, 30 × $0.050 + $3.00 = $4.50, shows the fee is added per prescription, not per unit) and inherits the published rounding (three decimals, ±$0.0005 per unit before the division); the vendor does not publish its acquisition cost, so this is a derived figure, not the vendor's invoice. Acquisition cost beside it: the NADAC per-unit cost of the listed NDC in the NADAC weekly file in force on `as_of` (a match by identifier); a short NDC is matched through its padded reading only when NADAC's description names the same drug, with a lower confidence; no name-only matching is done. The median is over the NADAC rates matched (with one listed NDC, that one rate). A comparison with the implied cost is made only where the units agree (`Pill` products priced by NADAC per each, EA); other products show both figures without a difference. History: change-only, one point per snapshot where the unit price changed or the product entered or left the listing.";
