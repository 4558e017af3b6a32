import { defineSource } from '../module';
import { partdDemandDataset } from './dataset';
import { cmsPartdPrescribers } from './source';

export default defineSource({ source: cmsPartdPrescribers, datasets: [partdDemandDataset] });
