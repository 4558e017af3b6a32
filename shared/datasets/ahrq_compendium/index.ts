import { defineSource } from '../module';
import { compendiumHospitalsDataset, compendiumSystemsDataset } from './dataset';
import { source } from './source';

/** AHRQ Compendium of U.S. Health Systems: systems and the hospital-to-system linkage (CCN). */
export default defineSource({ source, datasets: [compendiumHospitalsDataset, compendiumSystemsDataset] });
