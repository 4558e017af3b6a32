import type { ParserHead } from '../../publishers/common/lazy';
import type { DirectoryFile } from '../../rx/ndc-directory-rows';

/**
 * What the declarations (./source.ts, ./dataset.ts) know of the parsers without their code
 * (./parser.ts, a lazy file of the API bundles: shared/publishers/common/lazy.ts). One product and
 * one package parser per directory file, so each row says which file it came from.
 */
export const productHead = (file: DirectoryFile): ParserHead => ({
  id: `fda_ndc_directory/${file}-product-txt`,
  version: '1',
});
export const packageHead = (file: DirectoryFile): ParserHead => ({
  id: `fda_ndc_directory/${file}-package-txt`,
  version: '1',
});
