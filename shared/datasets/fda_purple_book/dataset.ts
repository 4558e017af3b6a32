import { defineDataset } from '../../catalog/dataset';
import { RX_DATASET_GROUP } from '../../rx/group';
import { PURPLE_BOOK, type PurpleBookRow, PurpleBookRowSchema } from '../../rx/purple-book-rows';
import { purpleBookParser } from './source';

/**
 * The Purple Book's products (one row per BLA, strength and presentation), each monthly extract a
 * snapshot: found by lower-cased proper name (how a biosimilar's stated reference product is found)
 * and by BLA number, listed by proper name whole and per pathway (/rx/biosimilars reads the 351(k)
 * partition whole: a few hundred rows).
 */
export const purpleBookDataset = defineDataset<PurpleBookRow>({
  id: PURPLE_BOOK,
  title: 'FDA Purple Book products',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [{ sourceId: 'fda_purple_book', docId: 'purplebook:1', mode: 'snapshot' }],
  parserFor: (f) => (f.source_id === 'fda_purple_book' ? purpleBookParser : undefined),
  schema: PurpleBookRowSchema,
  indexes: [
    { name: 'proper_name', keys: (r) => (r.proper_name_key ? [r.proper_name_key] : []) },
    { name: 'bla_number', keys: (r) => [r.bla_number] },
  ],
  listings: {
    products: {
      description: 'Products by proper name, whole and per pathway (351(a), 351(k), other).',
      sort: { field: 'proper_name_key', type: 'string' },
      partitionBy: ['pathway'],
      filters: { pathway: 'eq' },
    },
  },
});
