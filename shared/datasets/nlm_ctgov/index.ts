import { defineSource } from '../module';
import { ctgovStudiesDataset } from './dataset';
import { source } from './source';

/** ClinicalTrials.gov studies (API v2), read by shared/trials. */
export default defineSource({ source, datasets: [ctgovStudiesDataset] });
