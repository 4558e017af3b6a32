import { z } from '@hono/zod-openapi';

/** The catalog datasets of the RxNorm prescribable release (shared/datasets/nlm_rxnorm/dataset.ts). */
export const RXNORM_CONCEPTS = 'nlm_rxnorm_concepts';
export const RXNORM_NDCS = 'nlm_rxnorm_ndcs';
export const RXNORM_LINKS = 'nlm_rxnorm_ingredient_links';
export const RXNORM_SOURCE = 'nlm_rxnorm';

/** Ingredient term types: IN (ingredient), PIN (precise ingredient: a salt or ester), MIN (multiple ingredients). */
export const INGREDIENT_TTYS = ['IN', 'PIN', 'MIN'] as const;
export type IngredientTty = (typeof INGREDIENT_TTYS)[number];
export const isIngredientTty = (tty: string): tty is IngredientTty =>
  (INGREDIENT_TTYS as readonly string[]).includes(tty);

/** Drug term types NDCs are attached to in RXNSAT (clinical and branded drugs and packs). */
export const DRUG_TTYS = ['SCD', 'SBD', 'GPCK', 'BPCK'] as const;

/** `<lower-case name>|<rxcui padded to 10>`: the ingredients listing's order, ending on the rxcui (unique per TTY). */
export const sortNameOf = (str: string, rxcui: string) => `${str.toLowerCase()}|${rxcui.padStart(10, '0')}`;

/**
 * One RXNCONSO row of SAB RXNORM (the normalized names; the other vocabularies of a full release are
 * skipped): the concept (RXCUI), its atom (RXAUI), term type, name and suppress flag. `ingredient_tty`
 * is the TTY for IN, PIN and MIN rows and null otherwise (the ingredients listing's partition).
 */
export const RxConceptRowSchema = z
  .object({
    rxcui: z.string(),
    rxaui: z.string(),
    tty: z.string().openapi({ description: 'RxNorm term type (IN, PIN, MIN, SCD, SBD, BN, PSN, SY, ...).' }),
    str: z.string(),
    suppress: z.string().nullable().openapi({ description: 'N not suppressed, O obsolete, Y/E suppressed.' }),
    cvf: z.string().nullable().openapi({ description: 'Content view flag; 4096 is the prescribable subset.' }),
    ingredient_tty: z.enum(INGREDIENT_TTYS).nullable(),
    sort_name: z.string(),
    source_row: z.record(z.string(), z.string()),
  })
  .openapi('RxConceptRow');
export type RxConceptRow = z.infer<typeof RxConceptRowSchema> & { locator: { line: number; record: number } };

/** One RXNSAT NDC attribute (ATN NDC, SAB RXNORM: NLM's normalized 11-digit NDC) of a drug concept. */
export const RxNdcRowSchema = z
  .object({
    ndc11: z.string(),
    rxcui: z.string().openapi({ description: 'The drug concept (SCD, SBD, GPCK or BPCK) the NDC is attached to.' }),
    rxaui: z.string().nullable(),
    suppress: z.string().nullable(),
  })
  .openapi('RxNdcRow');
export type RxNdcRow = z.infer<typeof RxNdcRowSchema> & { locator: { line: number; record: number } };

/**
 * A drug concept's ingredient, computed from RXNREL when the file loads: the drug (a concept with a
 * `consists_of` or `contains` relationship: SCD, SBD, GPCK, BPCK) reaches the ingredient through
 * `tradename_of`, `contains` and `consists_of` and then `has_ingredient`, `has_precise_ingredient` or
 * `has_ingredients` (`via`, the last step). `path` names the relationships walked.
 */
export const RxIngredientLinkRowSchema = z
  .object({
    drug_rxcui: z.string(),
    ingredient_rxcui: z.string(),
    via: z.string(),
    path: z.string(),
  })
  .openapi('RxIngredientLinkRow');
export type RxIngredientLinkRow = z.infer<typeof RxIngredientLinkRowSchema> & {
  locator: { line: number; record: number };
};

export const RXNORM_METHODOLOGY =
  'RxNorm (National Library of Medicine) is read from its monthly prescribable-content release (RxNorm_full_prescribe, no UMLS licence needed): RXNCONSO names (SAB RXNORM rows only), RXNSAT NDC attributes (ATN NDC with SAB RXNORM: NLM’s normalized 11-digit NDCs, which may lag the FDA NDC Directory and omit NDCs NLM has not mapped) and RXNREL relationships. A release is in force from its release date until the next. An NDC is linked to an ingredient by identifier only: NDC → drug concept (SCD, SBD, GPCK, BPCK) from RXNSAT → ingredient from RXNREL (consists_of/contains/tradename_of, then has_ingredient, has_precise_ingredient or has_ingredients), computed when RXNREL loads; no name matching. The prescribable subset omits drugs not currently prescribable in the US, so counts are of prescribable products. ';
