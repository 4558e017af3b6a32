import { z } from '@hono/zod-openapi';

/** The catalog datasets of DailyMed's SPL bundles (shared/datasets/nlm_dailymed_spl/dataset.ts). */
export const LABELS_DATASET = 'nlm_dailymed_labels';
export const PHARM_CLASSES_DATASET = 'nlm_dailymed_pharm_classes';
export const DAILYMED_SOURCE = 'nlm_dailymed_spl';

/**
 * The four key sections, by their LOINC section codes (FDA SPL section headings, LOINC
 * "34066-1 BOXED WARNING SECTION", "34067-9 INDICATIONS & USAGE SECTION", "34068-7 DOSAGE &
 * ADMINISTRATION SECTION", "34070-3 CONTRAINDICATIONS SECTION").
 */
export const KEY_SECTIONS = {
  boxed_warning: '34066-1',
  indications: '34067-9',
  dosage_and_administration: '34068-7',
  contraindications: '34070-3',
} as const;
export type KeySection = keyof typeof KEY_SECTIONS;
export const KEY_SECTION_NAMES = Object.keys(KEY_SECTIONS) as KeySection[];

/** The four pharmacologic class types of FDA's Established Pharmacologic Class indexing (MED-RT/NDF-RT). */
export const CLASS_TYPES = ['EPC', 'MoA', 'PE', 'CS'] as const;
export type ClassType = (typeof CLASS_TYPES)[number];

/** Most characters of one section's text kept per row (a storage item holds 400 KB); `truncated` says when cut. */
export const SECTION_TEXT_MAX = 24_000;

const SectionSchema = z.object({
  loinc: z.string(),
  title: z.string().nullable(),
  text: z.string(),
  truncated: z.boolean(),
});
export type LabelSection = z.infer<typeof SectionSchema>;

const IngredientSchema = z.object({
  name: z.string().nullable(),
  unii: z.string().nullable(),
  class_code: z.string().nullable(),
  active: z.boolean(),
  strength: z.string().nullable(),
  active_moiety_unii: z.string().nullable(),
});

const ProductSchema = z.object({
  product_ndc: z.string().nullable(),
  name: z.string().nullable(),
  generic_name: z.string().nullable(),
  dosage_form: z.string().nullable(),
  dosage_form_code: z.string().nullable(),
  ingredients: z.array(IngredientSchema),
  package_ndcs: z.array(z.string()),
});
export type LabelProduct = z.infer<typeof ProductSchema>;

/** One SPL document (one version of one set_id) of a label bundle. Dates are YYYY-MM-DD. */
export const LabelRowSchema = z
  .object({
    set_id: z.string(),
    document_id: z.string(),
    version: z.number().int(),
    effective_date: z.string().nullable(),
    title: z.string().nullable(),
    document_type_code: z.string().nullable(),
    document_type: z.string().nullable(),
    labeler: z.string().nullable(),
    labeler_duns: z.string().nullable(),
    has_boxed_warning: z.boolean(),
    has_indications: z.boolean(),
    has_dosage_and_administration: z.boolean(),
    has_contraindications: z.boolean(),
    sections: z.record(z.string(), SectionSchema),
    section_codes: z.array(z.string()),
    products: z.array(ProductSchema),
    /** The bundle member this SPL came from (`<inner zip>!<xml>`). */
    member: z.string(),
  })
  .openapi('DailyMedLabelRow');
export type LabelRow = z.infer<typeof LabelRowSchema> & { locator: { line: number; record: number } };

/** One class assigned to one substance by a pharmacologic class indexing SPL. */
export const PharmClassRowSchema = z
  .object({
    unii: z.string(),
    substance_name: z.string().nullable(),
    class_code: z.string(),
    class_name: z.string(),
    class_type: z.string(),
    class_key: z.string(),
    set_id: z.string(),
    version: z.number().int(),
    effective_date: z.string().nullable(),
    member: z.string(),
  })
  .openapi('DailyMedPharmClassRow');
export type PharmClassRow = z.infer<typeof PharmClassRowSchema> & { locator: { line: number; record: number } };

/** `Interleukin-23 Antagonist [EPC]` → name and type; a display name without a known suffix has type null. */
export function classOfDisplayName(display: string): { name: string; type: ClassType | null } {
  const m = /^(.*?)\s*\[(EPC|MoA|PE|CS)\]\s*$/.exec(display.trim());
  return m ? { name: m[1]!, type: m[2] as ClassType } : { name: display.trim(), type: null };
}

/** Every UNII a label's products name as active (ingredient and active moiety), sorted. */
export function activeUniisOf(products: readonly LabelProduct[]): string[] {
  const out = new Set<string>();
  for (const p of products)
    for (const i of p.ingredients) {
      if (!i.active) continue;
      if (i.unii) out.add(i.unii);
      if (i.active_moiety_unii) out.add(i.active_moiety_unii);
    }
  return [...out].sort();
}

/** What a label's listing item holds: the search fields, not the section text (shared/rx/labels.ts reads it whole). */
export function labelSummaryOf(r: LabelRow) {
  const distinct = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))];
  return {
    set_id: r.set_id,
    document_id: r.document_id,
    version: r.version,
    effective_date: r.effective_date,
    title: r.title,
    labeler: r.labeler,
    document_type_code: r.document_type_code,
    has_boxed_warning: r.has_boxed_warning,
    has_indications: r.has_indications,
    has_dosage_and_administration: r.has_dosage_and_administration,
    has_contraindications: r.has_contraindications,
    product_names: distinct(r.products.flatMap((p) => [p.name, p.generic_name])),
    ingredient_names: distinct(r.products.flatMap((p) => p.ingredients.filter((i) => i.active).map((i) => i.name))),
    active_uniis: activeUniisOf(r.products),
    member: r.member,
    locator: r.locator,
  };
}
export type LabelSummary = ReturnType<typeof labelSummaryOf>;

export const LABELS_METHODOLOGY =
  "From NLM DailyMed's SPL bundles (the full release and the daily, weekly and monthly update zips of human prescription labels, each holding one zip per label with its SPL XML), every bundle archived up to `as_of` taken together: a label answers from its SPL version in force on `as_of`, the highest `versionNumber` whose `effectiveTime` is on or before that date among the versions archived (a version DailyMed published but no archived bundle holds is missing, not inferred). Sections are found by their LOINC codes (boxed warning 34066-1, indications 34067-9, dosage and administration 34068-7, contraindications 34070-3), nested subsections included; a label that files a section under another code (older non-PLR labels sometimes do) shows it absent. Section text is the SPL narrative flattened to plain text (tables as lines, markup dropped), cut at 24,000 characters (`truncated`). Coded concepts are the SPL listing data as the labeler filed them (product and package NDCs, UNIIs), not checked against the NDC Directory. Pharmacologic classes come from FDA's pharmacologic class indexing SPLs (EPC, MoA, PE, CS) in force, joined to a label by the UNII of an active ingredient or active moiety; a substance FDA has not indexed has no class. DailyMed is the labeler's submission as published: FDA does not certify that a label is current, and repackager labels repeat the originator's text under their own set_id.";
