import { z } from '@hono/zod-openapi';

/** The catalog dataset of openFDA's drug enforcement reports (shared/datasets/openfda_drug_enforcement/dataset.ts). */
export const RECALLS_DATASET = 'openfda_drug_enforcement';
export const RECALLS_LISTING = 'by_recall';

/** FDA's hazard classes, as openFDA's `classification` prints them. */
export const RECALL_CLASSES = ['Class I', 'Class II', 'Class III'] as const;
/** openFDA's recall statuses. */
export const RECALL_STATUSES = ['Ongoing', 'Completed', 'Terminated'] as const;

const strings = z.array(z.string());

/**
 * One enforcement report of the bulk file (`results[]` of drug-enforcement-0001-of-0001.json), its
 * fields named as openFDA names them, dates as YYYY-MM-DD (openFDA prints YYYYMMDD). The `openfda`
 * block is kept in part (names, application numbers, RxCUIs, UNIIs, set ids); its package and product
 * NDCs become `ndc11_structured` and `product_ndc9_structured`.
 */
export const RecallRowSchema = z
  .object({
    recall_number: z.string().openapi({ example: 'D-0123-2026' }),
    event_id: z.string().nullable(),
    status: z.string().nullable().openapi({ description: '`Ongoing`, `Completed` or `Terminated`, as published.' }),
    classification: z.string().nullable().openapi({ description: '`Class I`, `Class II` or `Class III`.' }),
    report_date: z.string().nullable().openapi({ format: 'date' }),
    recall_initiation_date: z.string().nullable().openapi({ format: 'date' }),
    center_classification_date: z.string().nullable().openapi({ format: 'date' }),
    termination_date: z.string().nullable().openapi({ format: 'date' }),
    recalling_firm: z.string().nullable(),
    address_1: z.string().nullable(),
    address_2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string().nullable(),
    product_type: z.string().nullable(),
    product_description: z.string().nullable(),
    product_quantity: z.string().nullable(),
    code_info: z.string().nullable(),
    more_code_info: z.string().nullable(),
    reason_for_recall: z.string().nullable(),
    distribution_pattern: z.string().nullable(),
    voluntary_mandated: z.string().nullable(),
    initial_firm_notification: z.string().nullable(),
    openfda: z
      .object({
        brand_name: strings,
        generic_name: strings,
        substance_name: strings,
        manufacturer_name: strings,
        application_number: strings,
        product_type: strings,
        route: strings,
        rxcui: strings,
        spl_set_id: strings,
        unii: strings,
      })
      .openapi({ description: "openFDA's harmonized fields (empty lists when openFDA matched no label)." }),
    ndc11_structured: strings.openapi({
      description: 'openfda.package_ndc as ndc11: every package of the labels openFDA linked, sorted.',
    }),
    product_ndc9_structured: strings.openapi({
      description: 'openfda.product_ndc as 9 digits (labeler and product, 5-4), sorted.',
    }),
    ndc11_text: strings.openapi({
      description: 'NDCs printed in product_description, as ndc11, in order of appearance.',
    }),
    ndc_text_unresolved: strings.openapi({
      description: 'Unhyphenated 10-digit codes after an NDC mark: three readings each, so not padded to an ndc11.',
    }),
  })
  .openapi('RecallRow');

export type RecallRow = z.infer<typeof RecallRowSchema> & { locator: { line: number; record: number } };

export const RECALLS_METHODOLOGY =
  "From openFDA's drug enforcement reports (FDA Recall Enterprise System via openFDA, the bulk file drug-enforcement-0001-of-0001.json.zip), the file in force on `as_of` (each download a snapshot, in force from the day it was archived until the next). An enforcement report is FDA's record of a recall it has classified: recalls not yet classified, market withdrawals and stock recoveries are not in it, and FDA publishes reports weekly, so a recall appears days to weeks after the firm starts it; openFDA refreshes the file weekly. One report is one product of a recall event (`event_id` groups the products of one event); `recall_number` identifies the report. `classification` is FDA's hazard class (Class I: reasonable probability of serious harm or death; Class II: temporary or reversible harm; Class III: unlikely to cause harm). `status` is the recall's progress as of the file (Ongoing, Completed, Terminated). NDCs are matched two ways: `structured`, from openfda.package_ndc (openFDA's link of the report to the labels of the product: every package of those labels, not only the lots recalled; openFDA links only part of the reports, mostly recent ones); `text`, from the NDCs printed in product_description (hyphenated 4-4-2, 5-3-2, 5-4-1 or 5-4-2 anywhere, 11 digits after an `NDC` mark; an unhyphenated 10-digit code is ambiguous and kept unresolved, never guessed). `match_stats` counts the matches by method. Ingredients match openfda.substance_name and generic_name, or, for a report openFDA did not link, the words of product_description. Ingredients are linked by identifier too: each NDC a report carries to its RxNorm drugs and their ingredients in the RxNorm release in force (`ingredients` on each report; `openfda.rxcui` is openFDA's own link, served as published). Dates are YYYY-MM-DD. No patient data; no suppression applies.";
