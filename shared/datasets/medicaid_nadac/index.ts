import { defineSource } from '../module';
import { nadacDataset } from './dataset';
import { medicaidNadac } from './source';

export default defineSource({ source: medicaidNadac, datasets: [nadacDataset] });
