import { defineSource } from '../module';
import { orangeBookDataset } from './dataset';
import { source } from './source';

/** FDA Orange Book: /rx/approved-products and its launch radar. */
export default defineSource({ source, datasets: [orangeBookDataset] });
