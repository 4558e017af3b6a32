import type { CatalogDataset, DatasetFeed } from '../catalog/dataset';
import type { FactsLoader } from '../facts/registry';
import type { SourceDecl } from '../sources/types';

/**
 * What one dataset folder (`shared/datasets/<source_id>/index.ts`) declares about its source:
 * the source itself (URLs, cadence, documents, each with its parser), the warrant facts its
 * documents hold and the catalog datasets it declares or contributes to; its sample files in the
 * publisher's own layout are listed by `source.samples` (`fixtures/manifest.json`). The composition root installs every folder's module
 * (shared/datasets/install.ts, from the generated list); nothing else lists sources.
 */
export interface SourceModule {
  source: SourceDecl;
  /** Warrant facts per doc id. */
  facts?: Readonly<Record<string, FactsLoader>>;
  /**
   * Catalog datasets this source declares or contributes to (a dataset fed by several sources is
   * offered by each), and feeds (`feedDataset`) of a dataset a domain declares.
   */
  datasets?: readonly (CatalogDataset | DatasetFeed)[];
}

export function defineSource(m: SourceModule): SourceModule {
  return m;
}
