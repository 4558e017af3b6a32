import { defineSource } from '../module';
import { labelsDataset, pharmClassesDataset } from './dataset';
import { source } from './source';

/** NLM DailyMed SPL: the labels of /rx/labels and the classes of /rx/drug-classes. */
export default defineSource({ source, datasets: [pharmClassesDataset, labelsDataset] });
