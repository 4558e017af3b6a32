import { defineSource } from '../module';
import { hrrpSupplementalDataset } from './dataset';
import { source } from './source';

/** The IPPS HRRP supplemental file: each hospital's payment adjustment factor (read by shared/vbc). */
export default defineSource({ source, datasets: [hrrpSupplementalDataset] });
