import { defineDataset } from '../../catalog/dataset';
import { RX_DATASET_GROUP } from '../../rx/group';
import {
  DAILYMED_SOURCE,
  LABELS_DATASET,
  type LabelRow,
  LabelRowSchema,
  labelSummaryOf,
  PHARM_CLASSES_DATASET,
  type PharmClassRow,
  PharmClassRowSchema,
} from '../../rx/label-rows';
import { DAILYMED_DOCS, labelParser, pharmClassParser } from './source';

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
