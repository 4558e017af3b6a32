import { defineSource } from '../module';
import { ndcPackagesDataset, ndcProductsDataset } from './dataset';
import { source } from './source';

/** FDA NDC Directory: the package profiles of /rx/ndcs/{ndc11}. */
export default defineSource({ source, datasets: [ndcProductsDataset, ndcPackagesDataset] });
