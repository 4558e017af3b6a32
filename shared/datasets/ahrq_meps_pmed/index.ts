import { defineSource } from '../module';
import { mepsMixDataset, mepsPersonsDataset } from './dataset';
import { source } from './source';

export default defineSource({ source, datasets: [mepsPersonsDataset, mepsMixDataset] });
