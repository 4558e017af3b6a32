import { defineSource } from '../module';
import { aspCrosswalkDataset, aspLimitsDataset } from './dataset';
import { source } from './source';

/** CMS ASP pricing: the Part B payment limits and NDC-HCPCS crosswalk of /rx/asp and /rx/biosimilars. */
export default defineSource({ source, datasets: [aspLimitsDataset, aspCrosswalkDataset] });
