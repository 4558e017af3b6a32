import { defineSource } from '../module';
import { drugsAtFdaDataset } from './dataset';
import { source } from './source';

/** FDA Drugs@FDA: /rx/approvals and /rx/approvals/{appl_no}. */
export default defineSource({ source, datasets: [drugsAtFdaDataset] });
