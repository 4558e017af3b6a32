import { defineSource } from '../module';
import { reachProvidersDataset, reachResultsDataset } from './dataset';
import { source } from './source';

/** ACO REACH (formerly GPDC) results and participant provider lists, every year (read by shared/vbc). */
export default defineSource({ source, datasets: [reachResultsDataset, reachProvidersDataset] });
