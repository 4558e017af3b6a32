import { defineSource } from '../module';
import { chowDataset } from './dataset';
import { source } from './source';

/** CMS change of ownership files (Hospital and SNF CHOW). */
export default defineSource({ source, datasets: [chowDataset] });
