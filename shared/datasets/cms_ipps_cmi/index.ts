import { defineSource } from '../module';
import { cmiDataset } from './dataset';
import { source } from './source';

/** CMS IPPS final rule case mix index by hospital and fiscal year. */
export default defineSource({ source, datasets: [cmiDataset] });
