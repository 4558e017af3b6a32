import { defineSource } from '../module';
import { federalExclusionsDataset } from './dataset';
import { source } from './source';

/**
 * The OIG LEIE. Read by the catalog only (the exclusions screen, which the warrant's standing block
 * runs too): parsed once (./parser.ts), mapped to exclusion rows (./rows.ts) and stored once as the
 * federal exclusions dataset (./dataset.ts).
 */
export default defineSource({ source, datasets: [federalExclusionsDataset] });
