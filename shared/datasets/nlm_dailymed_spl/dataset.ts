import { defineDataset } from '../../catalog/dataset';
import { RX_DATASET_GROUP } from '../../rx/group';
import {
  activeUniisOf,
  DAILYMED_SOURCE,
  LABELS_DATASET,
  type LabelRow,
  LabelRowSchema,
  PHARM_CLASSES_DATASET,
  type PharmClassRow,
  PharmClassRowSchema,
} from '../../rx/label-rows';
import { DAILYMED_DOCS, labelParser, pharmClassParser } from './source';

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
    locator: r.locator,
  };
}
export type LabelSummary = ReturnType<typeof labelSummaryOf>;

/**
 * Label SPLs: every version of every set_id the archived bundles hold (each bundle a supplement:
 * the full release parts and the updates add up; shared/rx/labels.ts picks each set_id's version in
 * force on the date). Found by set_id; listed by set_id with a summary the search reads whole.
 */
export const labelsDataset = defineDataset<LabelRow>({
  id: LABELS_DATASET,
  title: 'DailyMed human prescription labels (SPL)',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: DAILYMED_SOURCE, docId: DAILYMED_DOCS.labels, mode: 'supplement' }],
  parserFor: (f) => (f.source_id === DAILYMED_SOURCE && f.doc_id === DAILYMED_DOCS.labels ? labelParser : undefined),
  schema: LabelRowSchema,
  indexes: [{ name: 'set_id', keys: (r) => [r.set_id] }],
  listedValue: (r) => labelSummaryOf(r),
  listings: {
    labels: {
      description: 'Every label SPL by set_id (then version and record).',
      sort: { field: 'set_id', type: 'string' },
    },
  },
});

/**
 * FDA's pharmacologic class indexing (a snapshot: the indexing zip is republished whole), one row
 * per (substance UNII, class). Found by UNII; listed by class.
 */
export const pharmClassesDataset = defineDataset<PharmClassRow>({
  id: PHARM_CLASSES_DATASET,
  title: 'DailyMed pharmacologic class indexing',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: DAILYMED_SOURCE, docId: DAILYMED_DOCS.pharmClasses, mode: 'snapshot' }],
  parserFor: (f) =>
    f.source_id === DAILYMED_SOURCE && f.doc_id === DAILYMED_DOCS.pharmClasses ? pharmClassParser : undefined,
  schema: PharmClassRowSchema,
  indexes: [{ name: 'unii', keys: (r) => [r.unii] }],
  listings: {
    by_class: {
      description: 'Every (substance, class) row by class name and code.',
      sort: { field: 'class_key', type: 'string' },
    },
  },
});
