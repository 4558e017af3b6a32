import { defineSource } from '../module';
import { npdbDataset } from './dataset';
import { source } from './source';

/** The NPDB public use file: the national discipline benchmark of /accuracy/discipline-coverage. */
export default defineSource({ source, datasets: [npdbDataset] });
