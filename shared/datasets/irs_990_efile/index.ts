import { defineSource } from '../module';
import { irs990ReturnsDataset, systemFilersDataset } from './dataset';
import { source } from './source';

/** IRS Form 990 e-file returns, and the curated links from health systems to their filers (EIN). */
export default defineSource({ source, datasets: [irs990ReturnsDataset, systemFilersDataset] });
