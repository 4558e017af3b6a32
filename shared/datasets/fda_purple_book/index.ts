import { defineSource } from '../module';
import { purpleBookDataset } from './dataset';
import { source } from './source';

/** FDA Purple Book: the biosimilars and reference products of /rx/biosimilars. */
export default defineSource({ source, datasets: [purpleBookDataset] });
