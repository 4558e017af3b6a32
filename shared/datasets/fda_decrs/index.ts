import { defineSource } from '../module';
import { establishmentsDataset } from './dataset';
import { source } from './source';

/** FDA registered drug establishments (DECRS): /rx/establishments and its operations. */
export default defineSource({ source, datasets: [establishmentsDataset] });
