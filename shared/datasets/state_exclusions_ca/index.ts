import { stateExclusionsDataset } from '../../state-exclusions/dataset';
import { defineSource } from '../module';
import { source } from './source';

/** Contributes its list to the state exclusions dataset (shared/state-exclusions/dataset.ts). */
export default defineSource({ source, datasets: [stateExclusionsDataset] });
