import { defineDataset } from '../../catalog/dataset';
import { RX_DATASET_GROUP } from '../../rx/group';
import {
  RXNORM_CONCEPTS,
  RXNORM_LINKS,
  RXNORM_NDCS,
  type RxConceptRow,
  RxConceptRowSchema,
  type RxIngredientLinkRow,
  RxIngredientLinkRowSchema,
  type RxNdcRow,
  RxNdcRowSchema,
} from '../../rx/rxnorm-rows';
import { conceptsParser, linksParser, ndcsParser, RXNORM_DOCS } from './source';

const SOURCE = 'nlm_rxnorm';
const docOf = (f: { source_id: string; doc_id: string }, doc: string) => f.source_id === SOURCE && f.doc_id === doc;

/** Words of an ingredient name (lower-case letters and digits), its search tokens. */
export const nameTokens = (s: string) => [...new Set(s.toLowerCase().match(/[a-z0-9]+/g) ?? [])];

/**
 * RXNCONSO's RxNorm names, one snapshot per release: found by rxcui (a concept has several rows:
 * its TTY's name, PSN, SY, TMSY), and the ingredients (IN, PIN, MIN) listed per TTY by lower-case
 * name then rxcui, searched by name prefix (a key condition) or by the words of the name.
 */
export const rxConceptsDataset = defineDataset<RxConceptRow>({
  id: RXNORM_CONCEPTS,
  title: 'RxNorm concept names (RXNCONSO, SAB RXNORM)',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: RXNORM_DOCS.conso, mode: 'snapshot' }],
  parserFor: (f) => (docOf(f, RXNORM_DOCS.conso) ? conceptsParser : undefined),
  schema: RxConceptRowSchema,
  indexes: [{ name: 'rxcui', keys: (r) => [r.rxcui] }],
  tokens: (r) => (r.ingredient_tty ? nameTokens(r.str) : []),
  listings: {
    ingredients: {
      description: 'Ingredients (IN, PIN, MIN) per TTY, by lower-case name then rxcui.',
      sort: { field: 'sort_name', type: 'string' },
      partitionBy: ['ingredient_tty'],
      filters: { sort_name: 'prefix', str: 'token', ingredient_tty: 'eq' },
    },
  },
  loadPriority: 0,
});

/** RXNSAT's normalized NDCs, one snapshot per release: found by ndc11 and by the drug's rxcui (and listed per drug). */
export const rxNdcsDataset = defineDataset<RxNdcRow>({
  id: RXNORM_NDCS,
  title: 'RxNorm NDCs (RXNSAT, ATN NDC, SAB RXNORM)',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: RXNORM_DOCS.sat, mode: 'snapshot' }],
  parserFor: (f) => (docOf(f, RXNORM_DOCS.sat) ? ndcsParser : undefined),
  schema: RxNdcRowSchema,
  indexes: [
    { name: 'ndc11', keys: (r) => [r.ndc11] },
    { name: 'rxcui', keys: (r) => [r.rxcui] },
  ],
  listings: {
    by_drug: {
      description:
        "A drug concept's NDCs in ndc11 order: read when its rxcui index entry is full (the kit keeps 200 rows a key).",
      sort: { field: 'ndc11', type: 'string' },
      partitionBy: ['rxcui'],
      partitionRequired: true,
    },
  },
});

/**
 * The drug → ingredient links computed from RXNREL when it loads (./parser.ts): found by drug, and
 * listed per ingredient (a partition: an ingredient of thousands of drugs is read page by page).
 */
export const rxLinksDataset = defineDataset<RxIngredientLinkRow>({
  id: RXNORM_LINKS,
  title: 'RxNorm drug-to-ingredient links (from RXNREL)',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: SOURCE, docId: RXNORM_DOCS.rel, mode: 'snapshot' }],
  parserFor: (f) => (docOf(f, RXNORM_DOCS.rel) ? linksParser : undefined),
  schema: RxIngredientLinkRowSchema,
  indexes: [{ name: 'drug', keys: (r) => [r.drug_rxcui] }],
  listings: {
    by_ingredient: {
      description: "An ingredient's drug concepts in rxcui order.",
      sort: { field: 'drug_rxcui', type: 'string' },
      partitionBy: ['ingredient_rxcui'],
      partitionRequired: true,
    },
  },
});
