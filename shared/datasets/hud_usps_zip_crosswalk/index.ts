import { defineSource } from '../module';
import { zipCrosswalkDataset } from './dataset';
import { hudUspsZipCrosswalk } from './source';

export default defineSource({ source: hudUspsZipCrosswalk, datasets: [zipCrosswalkDataset] });
