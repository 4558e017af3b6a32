import { defineSource } from '../module';
import { mipsDataset } from './dataset';
import { cmsQppMips } from './source';

export default defineSource({ source: cmsQppMips, datasets: [mipsDataset] });
