import { defineSource } from '../module';
import { pepDataset } from './dataset';
import { source } from './source';

/** Census population estimates for metropolitan and micropolitan statistical areas, by vintage. */
export default defineSource({ source, datasets: [pepDataset] });
