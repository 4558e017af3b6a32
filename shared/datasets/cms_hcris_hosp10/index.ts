import { defineSource } from '../module';
import { hcrisCellsDataset, hcrisProvidersDataset, hcrisReportsDataset } from './dataset';
import { source } from './source';

/** CMS HCRIS hospital cost reports (Form CMS-2552-10): reports, worksheet cells and provider names. */
export default defineSource({ source, datasets: [hcrisReportsDataset, hcrisCellsDataset, hcrisProvidersDataset] });
