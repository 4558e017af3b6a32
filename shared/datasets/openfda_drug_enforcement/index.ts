import { defineSource } from '../module';
import { recallsDataset } from './dataset';
import { source } from './source';

/** openFDA drug enforcement reports: /rx/recalls. */
export default defineSource({ source, datasets: [recallsDataset] });
