import { defineSource } from '../module';
import { shortagesDataset } from './dataset';
import { source } from './source';

/** FDA drug shortages: /rx/shortages, and the shortage links of /rx/ingredients. */
export default defineSource({ source, datasets: [shortagesDataset] });
