import { defineSource } from '../module';
import { msspDataset } from './dataset';
import { source } from './source';

/** MSSP ACO performance-year results, every year and layout (read by shared/vbc). */
export default defineSource({ source, datasets: [msspDataset] });
