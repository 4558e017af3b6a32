import { defineSource } from '../module';
import { pdcFacilitiesDataset } from './dataset';
import { source } from './source';

/** CMS Provider Data Catalog facility files: the nursing-home, hospice, home-health, dialysis, IRF and LTCH lists. */
export default defineSource({ source, datasets: [pdcFacilitiesDataset] });
