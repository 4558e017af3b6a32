import { defineSource } from '../module';
import { hrrpHospitalsDataset } from './dataset';
import { source } from './source';

/** The HRRP hospital file: per-condition readmission ratios and rates (read by shared/vbc). */
export default defineSource({ source, datasets: [hrrpHospitalsDataset] });
