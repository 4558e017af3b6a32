import { defineDataset } from '../../catalog/dataset';
import { RX_DATASET_GROUP } from '../../rx/group';
import {
  type DirectoryFile,
  NDC_PACKAGES,
  NDC_PRODUCTS,
  type NdcPackageRow,
  NdcPackageRowSchema,
  type NdcProductRow,
  NdcProductRowSchema,
} from '../../rx/ndc-directory-rows';
import { DIRECTORY_DOCS, PACKAGE_PARSERS, PRODUCT_PARSERS } from './source';

const SOURCE = 'fda_ndc_directory';
const fileOf: Record<string, DirectoryFile> = {
  [DIRECTORY_DOCS.finishedProduct]: 'finished',
  [DIRECTORY_DOCS.finishedPackage]: 'finished',
  [DIRECTORY_DOCS.unfinishedProduct]: 'unfinished',
  [DIRECTORY_DOCS.unfinishedPackage]: 'unfinished',
  [DIRECTORY_DOCS.excludedProduct]: 'excluded',
  [DIRECTORY_DOCS.excludedPackage]: 'excluded',
};

/**
 * Directory products, each file a snapshot (finished, unfinished, excluded: three documents in
 * force side by side), found by PRODUCTID (how packages link to them) and by the 9-digit product
 * code. No listing yet: the reads so far go by NDC.
 */
export const ndcProductsDataset = defineDataset<NdcProductRow>({
  id: NDC_PRODUCTS,
  title: 'FDA NDC Directory products',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [DIRECTORY_DOCS.finishedProduct, DIRECTORY_DOCS.unfinishedProduct, DIRECTORY_DOCS.excludedProduct].map(
    (docId) => ({ sourceId: SOURCE, docId, mode: 'snapshot' as const }),
  ),
  parserFor: (f) => (f.source_id === SOURCE && fileOf[f.doc_id] ? PRODUCT_PARSERS[fileOf[f.doc_id]!] : undefined),
  schema: NdcProductRowSchema,
  indexes: [
    { name: 'product_id', unique: true, keys: (r) => [r.product_id] },
    { name: 'product_ndc9', keys: (r) => (r.product_ndc9 ? [r.product_ndc9] : []) },
  ],
});

/** Directory packages, each file a snapshot, found by ndc11 (the package code, hyphenated as FDA prints it, normalized). */
export const ndcPackagesDataset = defineDataset<NdcPackageRow>({
  id: NDC_PACKAGES,
  title: 'FDA NDC Directory packages',
  group: RX_DATASET_GROUP,
  loaderVersion: '1',
  docs: [DIRECTORY_DOCS.finishedPackage, DIRECTORY_DOCS.unfinishedPackage, DIRECTORY_DOCS.excludedPackage].map(
    (docId) => ({ sourceId: SOURCE, docId, mode: 'snapshot' as const }),
  ),
  parserFor: (f) => (f.source_id === SOURCE && fileOf[f.doc_id] ? PACKAGE_PARSERS[fileOf[f.doc_id]!] : undefined),
  schema: NdcPackageRowSchema,
  indexes: [{ name: 'ndc11', unique: true, keys: (r) => [r.ndc11] }],
});
