import { defineSource } from '../module';
import { samExclusionsDataset } from './dataset';
import { source } from './source';

/** SAM.gov exclusions: a federal exclusion list the exclusions screen reads beside the OIG LEIE. */
export default defineSource({ source, datasets: [samExclusionsDataset] });
