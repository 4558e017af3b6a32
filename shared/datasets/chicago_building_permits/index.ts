import { defineSource } from '../module';
import { constructionSignalsDataset } from './dataset';
import { source } from './source';

/** Chicago building permits (SODA), kept when they name a health facility: construction signals. */
export default defineSource({ source, datasets: [constructionSignalsDataset] });
