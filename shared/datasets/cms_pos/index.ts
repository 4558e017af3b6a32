import { defineSource } from '../module';
import { posDataset } from './dataset';
import { source } from './source';

/** CMS Provider of Services file: accreditation, medical school affiliation, CBSA and services by CCN. */
export default defineSource({ source, datasets: [posDataset] });
