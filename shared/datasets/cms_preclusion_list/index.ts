import { defineSource } from '../module';
import { preclusionDataset } from './dataset';
import { source } from './source';

/** The CMS Preclusion List: declared with its access rule, reported as a coverage gap (not public). */
export default defineSource({ source, datasets: [preclusionDataset] });
