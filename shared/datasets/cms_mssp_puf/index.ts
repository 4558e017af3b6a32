import { defineSource } from '../module';
import { crosswalkDataset } from './crosswalk';
import { msspDataset } from './dataset';
import { source } from './source';

/** MSSP ACO performance-year results, every year and layout, and CMS's ACO ID crosswalk (read by shared/vbc). */
export default defineSource({ source, datasets: [msspDataset, crosswalkDataset] });
