import { defineSource } from '../module';
import { hospitalFacilitiesDataset } from './dataset';
import { source } from './source';

/** CMS Hospital General Information: the facility reference construction signals are matched against. */
export default defineSource({ source, datasets: [hospitalFacilitiesDataset] });
