import { defineSource } from '../module';
import { rxConceptsDataset, rxLinksDataset, rxNdcsDataset } from './dataset';
import { source } from './source';

/** RxNorm prescribable content: the ingredients of /rx/ingredients and the RxNorm link of /rx/ndcs/{ndc11}. */
export default defineSource({ source, datasets: [rxConceptsDataset, rxNdcsDataset, rxLinksDataset] });
