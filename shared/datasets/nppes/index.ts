import { defineSource } from '../module';
import { nppesDataset } from './dataset';
import { nppes } from './source';

export default defineSource({ source: nppes, datasets: [nppesDataset] });
